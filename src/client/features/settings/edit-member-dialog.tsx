import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TeamMember, memberUpdateSchema } from '@shared/contracts/team';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fullName } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUpdateMember } from './api';
import { type RoleAndLimit, RoleAndLimitFields } from './member-form-fields';

export function EditMemberDialog(props: { member: TeamMember | null; canGrantOwner: boolean; onClose: () => void }) {
  return (
    <Dialog open={props.member !== null} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent>
        {props.member && <EditMemberForm member={props.member} canGrantOwner={props.canGrantOwner} onClose={props.onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditMemberForm({ member, canGrantOwner, onClose }: { member: TeamMember; canGrantOwner: boolean; onClose: () => void }) {
  const update = useUpdateMember();
  // The contract parses the limit to cents for validation; the request sends the typed text.
  const form = useForm<RoleAndLimit, unknown, z.output<typeof memberUpdateSchema>>({
    resolver: zodResolver(memberUpdateSchema),
    defaultValues: { role: member.role, approvalLimit: member.approvalLimit },
  });
  const { errors } = form.formState;
  const name = fullName(member, member.username);
  const submit = form.handleSubmit(() =>
    update.mutate(
      { userId: member.id, ...form.getValues() },
      {
        onSuccess: () => {
          toast({ title: 'Team member updated', description: `${name}'s role and approval limit were saved.` });
          onClose();
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, ['role', 'approvalLimit']);
          toast({ title: 'Error', description: error.message, variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Edit {name}</DialogTitle>
        <DialogDescription>Change what this person may do and how much they may approve.</DialogDescription>
      </DialogHeader>
      <RoleAndLimitFields control={form.control} errors={errors} canGrantOwner={canGrantOwner || member.role === 'owner'} />
      <DialogFormFooter onCancel={onClose} pending={update.isPending} submitLabel="Save" pendingLabel="Saving..." />
    </form>
  );
}
