import type { Milestone, Step } from '../content/types';

export function Steps({ items }: { items: Step[] }) {
  const columns =
    items.length >= 5
      ? 'md:grid-cols-3 lg:grid-cols-5'
      : items.length === 4
        ? 'md:grid-cols-4'
        : 'md:grid-cols-3';
  return (
    <ol className={`grid gap-6 ${columns}`}>
      {items.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">
            {index + 1}
          </span>
          <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 text-sm text-slate-600">{step.description}</p>
          {step.detail && <p className="mt-3 text-sm font-medium text-blue-800">{step.detail}</p>}
        </li>
      ))}
    </ol>
  );
}

export function Timeline({ items }: { items: Milestone[] }) {
  return (
    <ol className="relative mx-auto max-w-3xl border-l-2 border-blue-200 pl-6">
      {items.map((milestone) => (
        <li key={milestone.year} className="relative mb-10 last:mb-0">
          <span
            className="absolute top-1 -left-[33px] size-4 rounded-full border-2 border-white bg-blue-700"
            aria-hidden="true"
          />
          <p className="text-sm font-bold text-blue-800">{milestone.year}</p>
          <h3 className="text-lg font-semibold text-slate-900">{milestone.title}</h3>
          <p className="mt-1 text-sm text-slate-600">{milestone.description}</p>
          <p className="mt-2 inline-block rounded-md bg-green-50 px-2 py-1 text-xs font-semibold text-green-800">
            {milestone.metric}
          </p>
        </li>
      ))}
    </ol>
  );
}
