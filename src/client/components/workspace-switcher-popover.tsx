import { Building2, Check, Landmark } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import type { Workspace } from '@shared/contracts/workspaces';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { SearchInput } from '@/components/ui/search-input';
import { useCurrentUser } from '@/lib/auth';
import { useSwitchWorkspace, useWorkspaces } from '@/lib/workspaces';

/**
 * The workspace switcher's popover (radix popover and popper), loaded on the first press of the
 * header's button (workspace-switcher.tsx) so that it stays out of every page's first load. It opens at once.
 */
export default function WorkspaceSwitcherPopover(props: { triggerClassName: string; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(true);
  const [search, setSearch] = useState('');
  const debounced = useDeferredValue(search.trim());
  const workspaces = useWorkspaces(debounced, open && Boolean(user?.firmId));
  const switchWorkspace = useSwitchWorkspace();

  const choose = (workspace: Workspace) => {
    setOpen(false);
    if (workspace.active) return;
    switchWorkspace.mutate({ organizationId: workspace.organizationId, landOn: '/dashboard' });
  };
  const list = workspaces.data;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger className={props.triggerClassName}>{props.children}</PopoverTrigger>
      <PopoverContent className="w-80">
        <SearchInput label="Search clients" placeholder="Search clients..." value={search} onValueChange={setSearch} className="max-w-none" />
        <div className="mt-2 max-h-80 overflow-y-auto" role="listbox" aria-label="Workspaces">
          {list && (
            <>
              <WorkspaceOption workspace={list.home} label="My firm" onChoose={choose} />
              <p className="px-2 pt-2 pb-1 text-xs font-medium text-slate-500">
                Clients{list.total > list.clients.length ? ` (first ${list.clients.length} of ${list.total}; search to narrow)` : ''}
              </p>
              {list.clients.length === 0 && <p className="px-2 py-1.5 text-sm text-slate-500">{debounced ? 'No clients match.' : 'No clients you can open yet.'}</p>}
              {list.clients.map((workspace) => (
                <WorkspaceOption key={workspace.organizationId} workspace={workspace} label={workspace.name} onChoose={choose} />
              ))}
            </>
          )}
          {workspaces.isLoading && <p className="px-2 py-1.5 text-sm text-slate-500">Loading workspaces...</p>}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function WorkspaceOption(props: { workspace: Workspace; label: string; onChoose: (workspace: Workspace) => void }) {
  const { workspace } = props;
  return (
    <button
      type="button"
      role="option"
      aria-selected={workspace.active}
      onClick={() => props.onChoose(workspace)}
      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
    >
      {workspace.kind === 'client' ? <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden="true" /> : <Landmark className="size-4 shrink-0 text-slate-500" aria-hidden="true" />}
      <span className="min-w-0 flex-1 truncate">{props.label}</span>
      {workspace.active && <Check className="size-4 shrink-0 text-blue-600" aria-label="Open now" />}
    </button>
  );
}
