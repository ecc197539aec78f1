import type { Testimonial } from '../content/types';

export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.name}>
          <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            {item.result && <p className="mb-3 text-sm font-bold text-green-800">{item.result}</p>}
            <blockquote className="flex-1 text-slate-700">“{item.quote}”</blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="block font-semibold text-slate-900">{item.name}</span>
              <span className="text-slate-600">{item.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
