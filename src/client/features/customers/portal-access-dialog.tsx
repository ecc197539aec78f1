import { format, parseISO } from 'date-fns';
import { Send, ShieldOff } from 'lucide-react';
import { type PortalPermission, portalPermissions } from '@shared/contracts/portal';
import type { Customer } from '@shared/contracts/customers';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleRow } from '@/components/ui/toggle-row';
import { toast } from '@/lib/toast';
import { useInvitePortalCustomer, usePortalAccess, useUpdatePortalAccess } from './portal-api';

const PERMISSION_LABELS: Record<PortalPermission, { label: string; description: string }> = {
  view_invoices: { label: 'View invoices', description: 'Open and paid invoices, their PDFs, credit notes, payments and the statement.' },
  pay: { label: 'Pay', description: 'Pay open invoices online, several at once, and turn on autopay.' },
  download_statements: { label: 'Download statements', description: 'The statement of account as a PDF, for any period.' },
};

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
const when = (value: string | null) => (value ? format(parseISO(value), "MMM d, yyyy 'at' h:mm a") : 'Never');

/** Customers > customer > Portal: access on or off, permissions, sign-in links and revocation (issue 31). */
export function PortalAccessDialog({ customer, onOpenChange }: { customer: Customer | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Customer portal</DialogTitle>
          <DialogDescription>
            {customer ? `${customer.name} sees its invoices, statement and payments in its own portal, and can pay online.` : ''}
          </DialogDescription>
        </DialogHeader>
        {customer ? <PortalAccessPanel customer={customer} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PortalAccessPanel({ customer }: { customer: Customer }) {
  const { data: access, error } = usePortalAccess(customer.id);
  const update = useUpdatePortalAccess(customer.id);
  const invite = useInvitePortalCustomer(customer.id);
  if (error) return <p className="text-sm text-destructive">{error.message}</p>;
  if (!access) return <Skeleton className="h-64 w-full" />;

  const save = (hasPortalAccess: boolean, permissions: PortalPermission[], done: string) =>
    update.mutate({ hasPortalAccess, portalPermissions: permissions }, { onSuccess: () => toast({ title: done }), onError: failed('Portal access not changed') });
  const togglePermission = (permission: PortalPermission, on: boolean) => {
    const next = portalPermissions.filter((p) => (p === permission ? on : access.portalPermissions.includes(p)));
    save(access.hasPortalAccess, next, 'Portal permissions saved');
  };
  const sendLink = () =>
    invite.mutate(undefined, {
      onSuccess: (sent) => toast({ title: 'Sign-in link sent', description: `Mailed to ${sent.sentTo}. It works once, for 30 minutes.` }),
      onError: failed('Sign-in link not sent'),
    });
  const busy = update.isPending || invite.isPending;

  return (
    <div className="grid gap-4" data-testid="portal-access">
      <div className="divide-y rounded-lg border px-4">
        <ToggleRow
          label="Portal access"
          description={access.hasPortalAccess ? 'On: the customer can sign in with a mailed link.' : 'Off: no one can sign in for this customer.'}
          checked={access.hasPortalAccess}
          disabled={busy}
          onChange={(on) =>
            save(on, on && access.portalPermissions.length === 0 ? [...portalPermissions] : access.portalPermissions, on ? 'Portal access on' : 'Portal access revoked')
          }
        />
      </div>
      <fieldset className="grid gap-3" disabled={!access.hasPortalAccess || busy}>
        <legend className="mb-2 text-sm font-medium">Permissions</legend>
        {portalPermissions.map((permission) => (
          <div key={permission} className="flex items-start gap-3">
            <Checkbox
              id={`portal-${permission}`}
              checked={access.portalPermissions.includes(permission)}
              onCheckedChange={(value) => togglePermission(permission, value === true)}
              disabled={!access.hasPortalAccess || busy}
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`portal-${permission}`}>{PERMISSION_LABELS[permission].label}</Label>
              <p className="text-xs text-muted-foreground">{PERMISSION_LABELS[permission].description}</p>
            </div>
          </div>
        ))}
      </fieldset>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted/50 p-3 text-sm">
        <dt className="text-muted-foreground">Sign-in links go to</dt>
        <dd className="min-w-0 truncate">{access.email}</dd>
        <dt className="text-muted-foreground">Last invited</dt>
        <dd>{when(access.lastInvitedAt)}</dd>
        <dt className="text-muted-foreground">Last sign-in</dt>
        <dd>{when(access.lastSignInAt)}</dd>
        <dt className="text-muted-foreground">Open sessions</dt>
        <dd data-testid="portal-open-sessions">{access.openSessions}</dd>
        <dt className="text-muted-foreground">Autopay</dt>
        <dd>{access.autopay.enabled ? `On (${access.autopay.method ?? 'saved method'})` : 'Off'}</dd>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {access.hasPortalAccess ? (
          <Button variant="outline" onClick={() => save(false, access.portalPermissions, 'Portal access revoked')} disabled={busy}>
            <ShieldOff aria-hidden />
            Revoke access
          </Button>
        ) : null}
        <Button onClick={sendLink} disabled={!access.hasPortalAccess || busy}>
          <Send aria-hidden />
          {access.lastInvitedAt ? 'Re-send sign-in link' : 'Send sign-in link'}
        </Button>
      </div>
    </div>
  );
}
