import type { ReactNode } from 'react';
import type { HeaderAction, PageMeta } from '../content/types';
import { usePageMeta } from '../use-page-meta';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, one <main>, footer, and the page's title and description. */
export function MarketingLayout(props: {
  meta: PageMeta;
  header?: HeaderAction;
  children: ReactNode;
}) {
  usePageMeta(props.meta);
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <SiteHeader action={props.header} />
      <main id="main" className="flex-1">
        {props.children}
      </main>
      <SiteFooter />
    </div>
  );
}
