import type { ReactNode } from 'react';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

/** Every signed-in screen: a header with title, subtitle, actions, bell and user (spec 2.2), then the content. */
export function PageLayout(props: { title: string; subtitle: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col">
      <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-b bg-white px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{props.title}</h1>
          <p className="text-sm text-slate-500">{props.subtitle}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          {props.actions}
          <NotificationBell />
          <UserMenu />
        </div>
      </header>
      <div className="p-4 sm:p-6">{props.children}</div>
    </div>
  );
}
