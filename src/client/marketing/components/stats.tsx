import type { Stat } from '../content/types';

export function Stats({ items }: { items: Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
      {items.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 text-center"
        >
          <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
          <dd className="text-2xl font-extrabold text-blue-800 sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TrustBar({ names }: { names: string[] }) {
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-8 gap-y-4">
      {names.map((name) => (
        <li key={name} className="text-base font-semibold tracking-wide text-slate-600 uppercase">
          {name}
        </li>
      ))}
    </ul>
  );
}
