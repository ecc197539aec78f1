import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type MailInSettings, allowedSenderSchema } from '@shared/contracts/mail-in';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { toast } from '@/lib/toast';

const mailInKey = ['/api/mail-in'] as const;
const addSenderSchema = z.object({ sender: allowedSenderSchema });

const statusLabels: Record<MailInSettings['mails'][number]['status'], string> = {
  accepted: 'Accepted',
  refused: 'Refused',
  unknown_recipient: 'Unknown recipient',
};

/** Settings > Mail-in (issue 36): the workspace's bills address, who may send to it, and what came in. */
export function MailInCard() {
  const { data: settings } = useQuery<MailInSettings>({ queryKey: mailInKey });
  const { data: user } = useCurrentUser();
  if (!settings) return <Skeleton className="h-56 w-full" />;
  const canEdit = user?.role === 'owner' || user?.role === 'admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Mail-in</h2>
        </CardTitle>
        <CardDescription>
          Vendors can email bills to this address: each PDF, XML e-invoice, JPEG or PNG attachment
          becomes a document and is read like an upload.
          {settings.receiverOn
            ? ''
            : ' The mail receiver is not switched on for this server (INBOUND_SMTP_PORT).'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AddressRow address={settings.address} canEdit={canEdit} />
        <AllowedSenders settings={settings} canEdit={canEdit} />
        <RecentMails mails={settings.mails} />
      </CardContent>
    </Card>
  );
}

function AddressRow({ address, canEdit }: { address: string; canEdit: boolean }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Address copied' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the address and copy it by hand.',
        variant: 'destructive',
      });
    }
  }
  return (
    <div className="grid gap-2">
      <Field label="Mail-in address">
        <div className="flex min-w-0 gap-2">
          <Input
            readOnly
            value={address}
            aria-label="Mail-in address"
            className="min-w-0 flex-1 font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      </Field>
      {canEdit ? <NewAddressButton /> : null}
    </div>
  );
}

/** A new token: for an address that leaked to spam. The old address stops working at once. */
function NewAddressButton() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: () => apiRequest<{ address: string }>('POST', '/api/mail-in/rotate-token'),
    onSuccess: () => {
      setOpen(false);
      toast({
        title: 'New address ready',
        description: 'Mail to the old address is no longer taken.',
      });
      return queryClient.invalidateQueries({ queryKey: mailInKey });
    },
    onError: (error) =>
      toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
  });
  return (
    <div>
      <Button type="button" variant="link" className="h-auto p-0" onClick={() => setOpen(true)}>
        Get a new address
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Get a new mail-in address?"
        description="Mail sent to the current address will no longer be taken. Give the new address to your vendors."
        confirmLabel="Get New Address"
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      />
    </div>
  );
}

function AllowedSenders({ settings, canEdit }: { settings: MailInSettings; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (allowedSenders: string[]) =>
      apiRequest<{ allowedSenders: string[] }>('PUT', '/api/mail-in/allowed-senders', {
        allowedSenders,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailInKey }),
    onError: (error) =>
      toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
  });
  const form = useForm<z.input<typeof addSenderSchema>, unknown, z.output<typeof addSenderSchema>>({
    resolver: zodResolver(addSenderSchema),
    defaultValues: { sender: '' },
  });
  const add = form.handleSubmit(({ sender }) => {
    if (settings.allowedSenders.includes(sender)) return form.reset();
    save.mutate([...settings.allowedSenders, sender], { onSuccess: () => form.reset() });
  });
  return (
    <div className="grid gap-3">
      <div>
        <h3 className="text-sm font-medium">Allowed senders</h3>
        <p className="text-sm text-muted-foreground">
          {settings.allowedSenders.length === 0 ? 'Anyone may send to the address. ' : ''}
          Add addresses or whole domains (@example.com); the envelope sender and the From header
          must both match.
        </p>
      </div>
      {settings.allowedSenders.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Allowed senders">
          {settings.allowedSenders.map((sender) => (
            <li
              key={sender}
              className="flex items-center gap-1 rounded-md border px-2 py-1 text-sm"
            >
              <span className="break-all">{sender}</span>
              {canEdit ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-6"
                  aria-label={`Remove ${sender}`}
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(settings.allowedSenders.filter((entry) => entry !== sender))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit ? (
        <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
          <Field
            label="Sender or @domain"
            error={form.formState.errors.sender?.message}
            className="flex-1"
          >
            <Input placeholder="ap@vendor.com or @vendor.com" {...form.register('sender')} />
          </Field>
          <Button type="submit" className="sm:mt-6" disabled={save.isPending}>
            Add Sender
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">
          Only owners and admins can change the allowed senders.
        </p>
      )}
    </div>
  );
}

function RecentMails({ mails }: { mails: MailInSettings['mails'] }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Received mails</h3>
      {mails.length === 0 ? (
        <p className="text-sm text-muted-foreground">No mail received yet.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Received mails">
          {mails.map((mail) => (
            <li key={mail.id} className="grid gap-1 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-all">{mail.subject || '(no subject)'}</span>
                <Badge variant={mail.status === 'accepted' ? 'success' : 'destructive'}>
                  {statusLabels[mail.status]}
                </Badge>
              </div>
              <div className="text-muted-foreground break-all">
                {new Date(mail.receivedAt).toLocaleString()} · {mail.mailFrom || '(no sender)'}
              </div>
              {mail.reason ? (
                <div className="text-muted-foreground break-words">{mail.reason}</div>
              ) : null}
              {mail.documents.length > 0 ? (
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  {mail.documents.map((document) => (
                    <a
                      key={document.id}
                      className="text-primary underline break-all"
                      href={`/api/documents/${document.id}/file`}
                    >
                      {document.fileName}
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
