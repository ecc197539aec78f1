import { Building2, ChevronsUpDown, Landmark } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';

const loadPopover = () => import('./workspace-switcher-popover');
const WorkspaceSwitcherPopover = lazy(loadPopover);

/**
 * The header's workspace switcher, for members of an accounting firm: "My firm" and the clients
 * they may open. Choosing one makes it the session's active organization; every screen then works
 * inside it. A business account has one workspace and sees no switcher. Until the first press the
 * header shows a plain button of the same look; the popover (workspace-switcher-popover.tsx, radix
 * popover and popper) loads then and opens at once, so it is not part of any page's first load.
 */
export function WorkspaceSwitcher() {
  const { data: user } = useCurrentUser();
  const [armed, setArmed] = useState(false);
  if (!user?.firmId) return null;

  const triggerClassName = cn(
    'flex max-w-56 items-center gap-2 rounded-md border p-2 sm:px-2.5 sm:py-1.5 text-left text-sm outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-ring',
    user.clientWorkspace ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white',
  );
  const face = (
    <>
      <span className="sr-only">Switch workspace: </span>
      {user.clientWorkspace ? <Building2 className="size-4 shrink-0 text-amber-700" aria-hidden="true" /> : <Landmark className="size-4 shrink-0 text-slate-500" aria-hidden="true" />}
      {/* On a phone only the icon: the name would push the page title aside (the banner names a client workspace). */}
      <span className="sr-only sm:not-sr-only sm:min-w-0 sm:flex-1">
        <span className="block text-[11px] leading-tight text-slate-500">{user.clientWorkspace ? 'Client workspace' : 'My firm'}</span>
        <span className="block truncate font-medium text-slate-900">{user.organizationName}</span>
      </span>
      <ChevronsUpDown className="hidden size-4 shrink-0 text-slate-400 sm:block" aria-hidden="true" />
    </>
  );
  const placeholder = (onClick?: () => void) => (
    <button
      type="button"
      className={triggerClassName}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
    >
      {face}
    </button>
  );
  if (!armed) return placeholder(() => setArmed(true));
  return (
    <Suspense fallback={placeholder()}>
      <WorkspaceSwitcherPopover triggerClassName={triggerClassName}>{face}</WorkspaceSwitcherPopover>
    </Suspense>
  );
}
