import type { ReactNode } from 'react';

/** Every signed-in screen: a header with title and subtitle (spec 2.2), then the content. */
export function PageLayout(props: { title: string; subtitle: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col">
      <header className="flex items-center justify-between border-b bg-white px-6 py-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{props.title}</h1>
          <p className="text-sm text-slate-500">{props.subtitle}</p>
        </div>
        <div className="flex items-center gap-3">{props.actions}</div>
      </header>
      <div className="p-6">{props.children}</div>
    </div>
  );
}
