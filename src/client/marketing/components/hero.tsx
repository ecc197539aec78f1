import { CheckCircle2 } from 'lucide-react';
import type { Hero as HeroContent } from '../content/types';
import { ActionRow } from './action-link';

export function Hero({ hero }: { hero: HeroContent }) {
  return (
    <section className="bg-slate-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        {hero.eyebrow && (
          <p className="mb-4 inline-block rounded-full border border-blue-300/40 px-3 py-1 text-sm font-medium text-blue-200">
            {hero.eyebrow}
          </p>
        )}
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {hero.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-300">{hero.lead}</p>
        <div className="mt-8">
          <ActionRow actions={hero.actions} onDark />
        </div>
        {hero.points && (
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-300">
            {hero.points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-green-400" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
