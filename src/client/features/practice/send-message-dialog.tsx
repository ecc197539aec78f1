import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { type ClientMessageInput, clientMessageSchema } from '@shared/contracts/portfolio';
import { newIdempotencyKey, useSendMessages } from './portfolio-api';

export interface MessageTarget {
  id: string;
  name: string;
}

/**
 * Send Message to one client or the selected ones. Each client's message carries an
 * Idempotency-Key made for exactly that text: sending the same text again (after a failure or a
 * lost answer) reuses the key, so the server mails it once; changed text is a new message.
 */
export function SendMessageDialog({ clients, onOpenChange, onDone }: { clients: readonly MessageTarget[] | null; onOpenChange: (open: boolean) => void; onDone?: () => void }) {
  const send = useSendMessages();
  const open = clients !== null && clients.length > 0;
  const keys = useRef(new Map<string, string>());
  const { register, handleSubmit, reset, formState } = useForm<ClientMessageInput>({
    resolver: zodResolver(clientMessageSchema),
    defaultValues: { subject: '', message: '' },
  });

  useEffect(() => {
    if (open) {
      reset({ subject: '', message: '' });
      keys.current = new Map();
    }
  }, [open, reset]);

  const keyFor = (clientId: string, input: ClientMessageInput) => {
    const content = JSON.stringify([clientId, input.subject, input.message]);
    let key = keys.current.get(content);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(content, key);
    }
    return key;
  };

  const onSubmit = handleSubmit(async (input) => {
    if (!clients) return;
    const targets = new Map(clients.map((client) => [client.id, keyFor(client.id, input)]));
    const { sent, failure } = await send.mutateAsync({ keys: targets, input });
    const bulk = clients.length > 1;
    if (failure) {
      toast({ title: 'Send Failed', description: bulk ? `Sent to ${sent} of ${clients.length} clients. ${failure.message}` : failure.message, variant: 'destructive' });
      return;
    }
    toast(
      bulk
        ? { title: 'Messages Sent', description: `Your message is on its way to ${sent} clients.` }
        : { title: 'Message Sent', description: `Your message to ${clients[0]?.name ?? 'the client'} is on its way.` },
    );
    onOpenChange(false);
    onDone?.();
  });

  const subject = clients && clients.length === 1 ? `To ${clients[0]?.name ?? 'the client'}'s contact, by email.` : `To the contacts of ${clients?.length ?? 0} selected clients, by email.`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Send Message</DialogTitle>
          <DialogDescription>{subject}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <Field label="Subject" error={formState.errors.subject?.message} required>
            <Input {...register('subject')} maxLength={200} />
          </Field>
          <Field label="Message" error={formState.errors.message?.message} required>
            <Textarea {...register('message')} rows={6} maxLength={5000} />
          </Field>
          <DialogFormFooter onCancel={() => onOpenChange(false)} pending={send.isPending} submitLabel="Send Message" pendingLabel="Sending…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
