import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invitationCreateSchema } from '@shared/contracts/team';
import { Button } from '@/components/ui/button';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useInviteMember } from './api';
import { RoleAndLimitFields } from './member-form-fields';

type InviteForm = z.input<typeof invitationCreateSchema>;
// No limit is preset: the inviter types an amount or ticks "No limit" on purpose.
const empty: InviteForm = { email: '', role: 'accountant', approvalLimit: '' };

export function InviteDialog({ canGrantOwner }: { canGrantOwner: boolean }) {
  const [open, setOpen] = useState(false);
  const invite = useInviteMember();
  // The contract parses the limit to cents for validation; the request sends the typed text.
  const form = useForm<InviteForm, unknown, z.output<typeof invitationCreateSchema>>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(() => {
    const values = form.getValues();
    invite.mutate(values, {
      onSuccess: (invitation) => {
        toast({ title: 'Invitation sent', description: `We emailed an invitation link to ${invitation.email}.` });
        form.reset(empty);
        setOpen(false);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['email', 'role', 'approvalLimit']);
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
      },
    });
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Invite Member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Invite a team member</DialogTitle>
            <DialogDescription>They get an email with a link to join. The link works once, for 7 days.</DialogDescription>
          </DialogHeader>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </Field>
          <RoleAndLimitFields control={form.control} errors={errors} canGrantOwner={canGrantOwner} />
          <DialogFormFooter onCancel={() => setOpen(false)} pending={invite.isPending} submitLabel="Send Invitation" pendingLabel="Sending..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
