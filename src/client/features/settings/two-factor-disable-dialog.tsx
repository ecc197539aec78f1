import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type TwoFactorDisableInput, twoFactorDisableSchema } from '@shared/contracts/two-factor';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { securityFailed } from './security-toasts';
import { useDisableTwoFactor } from './two-factor-api';

const empty: TwoFactorDisableInput = { code: '', password: '' };

/** Turning two-factor off asks for proof: a current code, a recovery code, or the password. */
export function TwoFactorDisableDialog(props: {
  open: boolean;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset(empty);
    props.onClose();
  };
  const submit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        form.reset(empty);
        props.onDisabled();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['code', 'password']);
        securityFailed();
      },
    }),
  );
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Turn off two-factor authentication</DialogTitle>
            <DialogDescription>
              Signing in will need only your password. Confirm with a code from your authenticator
              app, a recovery code, or your password.
            </DialogDescription>
          </DialogHeader>
          <Field label="Authentication or recovery code" error={errors.code?.message}>
            <Input autoComplete="one-time-code" className="font-mono" {...form.register('code')} />
          </Field>
          <Field label="Or your password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </Field>
          <DialogFormFooter onCancel={close} pending={disable.isPending} submitLabel="Turn Off" pendingLabel="Turning off..." destructive />
        </form>
      </DialogContent>
    </Dialog>
  );
}
