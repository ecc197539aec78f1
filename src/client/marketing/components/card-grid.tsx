import { Check, Quote } from 'lucide-react';
import type { InfoCard } from '../content/types';
import { ActionLink } from './action-link';

const columnClass = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
};

export function CardGrid({ items, columns = 3 }: { items: InfoCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid gap-6 ${columnClass[columns]}`}>
      {items.map((card) => (
        <li
          key={card.title}
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <CardBody card={card} />
        </li>
      ))}
    </ul>
  );
}

function CardBody({ card }: { card: InfoCard }) {
  const Icon = card.icon;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        {Icon && (
          <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        )}
        {card.badge && (
          <span className="order-last mb-3 rounded-md bg-blue-50 px-2 py-1 text-xs font-bold text-blue-800">
            {card.badge}
          </span>
        )}
      </div>
      <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
      {card.subtitle && <p className="text-sm font-medium text-blue-800">{card.subtitle}</p>}
      {card.description && <p className="mt-2 text-sm text-slate-600">{card.description}</p>}
      {card.facts && (
        <dl className="mt-4 space-y-2 text-sm">
          {card.facts.map((fact) => (
            <div key={fact.label} className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-slate-600">{fact.label}</dt>
              <dd className="font-medium text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {card.list && (
        <div className="mt-4">
          {card.listTitle && (
            <p className="mb-2 text-sm font-semibold text-slate-900">{card.listTitle}</p>
          )}
          <ul className="space-y-1.5 text-sm text-slate-700">
            {card.list.map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      )}
      {card.quote && (
        <figure className="mt-4 rounded-lg bg-slate-50 p-4 text-sm">
          <Quote className="size-4 text-blue-700" aria-hidden="true" />
          <blockquote className="mt-1 text-slate-700 italic">“{card.quote.text}”</blockquote>
          <figcaption className="mt-2 font-medium text-slate-900">{card.quote.by}</figcaption>
        </figure>
      )}
      {card.action && (
        <div className="mt-auto pt-5">
          <ActionLink action={card.action} />
        </div>
      )}
    </>
  );
}
