import type { ReactNode } from 'react';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/**
 * Every signed-in screen: a header with title, subtitle, actions, bell and user (spec 2.2), then
 * the content. On small screens the actions move to a second row, under the title.
 */
export function PageLayout(props: { title: string; subtitle: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col">
      <header className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 border-b bg-white px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_auto_auto]">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{props.title}</h1>
          <p className="text-sm text-slate-500">{props.subtitle}</p>
        </div>
        {props.actions && (
          <div className="col-span-2 row-start-2 flex flex-wrap items-center gap-2 md:col-span-1 md:col-start-2 md:row-start-1 md:gap-3">
            {props.actions}
          </div>
        )}
        <div className="col-start-2 row-start-1 flex items-center gap-1 sm:gap-2 md:col-start-3">
          <WorkspaceSwitcher />
          <NotificationBell />
          <UserMenu />
        </div>
      </header>
      <div className="p-4 sm:p-6">{props.children}</div>
    </div>
  );
}
