import type { ReactNode } from 'react';

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A page band with its h2; alternate bands get a light background. */
export function SectionShell(props: {
  title?: string;
  intro?: string;
  muted?: boolean;
  children: ReactNode;
}) {
  const id = props.title ? slugify(props.title) : undefined;
  return (
    <section
      aria-labelledby={id}
      className={props.muted ? 'border-y border-slate-200 bg-slate-50' : 'bg-white'}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        {props.title && (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {props.title}
            </h2>
            {props.intro && (
              <p className="mt-3 text-base text-slate-600 sm:text-lg">{props.intro}</p>
            )}
          </div>
        )}
        {props.children}
      </div>
    </section>
  );
}
