import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/auth';
import { useSwitchWorkspace } from '@/lib/workspaces';

/** A strip over every screen while a firm member works in a client's workspace, with the way back. */
export function WorkspaceBanner() {
  const { data: user } = useCurrentUser();
  const switchWorkspace = useSwitchWorkspace();
  if (!user?.clientWorkspace) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6" role="status">
      <Building2 className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        You are working in <strong className="font-semibold">{user.organizationName}</strong>&apos;s workspace for {user.homeOrganizationName}.
      </span>
      <Button
        size="sm"
        variant="outline"
        className="h-7 border-amber-300 bg-white"
        disabled={switchWorkspace.isPending}
        onClick={() => switchWorkspace.mutate({ organizationId: user.homeOrganizationId, landOn: '/practice' })}
      >
        Back to My firm
      </Button>
    </div>
  );
}
