import { Info } from 'lucide-react';
import type { ComponentProps } from 'react';

/** A StatCard's info button; the tooltip (stat-hint.tsx) attaches to it once loaded. */
export function StatHintButton({ label, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      className="rounded-full text-slate-400 outline-none hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`How ${label} is defined`}
      {...props}
    >
      <Info className="size-3.5" aria-hidden="true" />
    </button>
  );
}
