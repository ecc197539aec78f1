import { ChevronDown } from 'lucide-react';
import type { Faq as FaqEntry } from '../content/types';

/** Native details/summary: keyboard and screen-reader support without script. */
export function Faq({ items }: { items: FaqEntry[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((entry) => (
        <details key={entry.question} className="group p-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            {entry.question}
            <ChevronDown
              className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="mt-3 text-sm text-slate-600">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
