import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TwoFactorEnrolment, twoFactorConfirmSchema } from '@shared/contracts/two-factor';
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
import { RecoveryCodeList } from './recovery-code-list';
import { useConfirmTwoFactor } from './two-factor-api';

type ConfirmForm = z.input<typeof twoFactorConfirmSchema>;

/** "JBSW Y3DP ...": the setup key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

/**
 * Enrolment: the QR code and key for the authenticator app, the recovery codes (shown this once),
 * and the first code, which turns two-factor on. Closing without a code leaves it off.
 */
export function TwoFactorEnrolmentDialog(props: {
  enrolment: TwoFactorEnrolment | null;
  onClose: () => void;
  onEnabled: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const form = useForm<ConfirmForm, unknown, z.output<typeof twoFactorConfirmSchema>>({
    resolver: zodResolver(twoFactorConfirmSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const close = () => {
    form.reset({ code: '' });
    props.onClose();
  };
  const submit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: () => {
        form.reset({ code: '' });
        props.onEnabled();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['code']);
        securityFailed();
      },
    }),
  );
  const enrolment = props.enrolment;
  return (
    <Dialog open={enrolment !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="sm:max-w-xl">
        {enrolment && (
          <form onSubmit={submit} className="grid gap-5" noValidate>
            <DialogHeader>
              <DialogTitle>Set up two-factor authentication</DialogTitle>
              <DialogDescription>
                Scan the QR code with an authenticator app (such as Google Authenticator, Microsoft
                Authenticator or 1Password), then enter the 6-digit code it shows.
              </DialogDescription>
            </DialogHeader>
            <section
              aria-labelledby="two-factor-step-scan"
              className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center"
            >
              <h3 id="two-factor-step-scan" className="sr-only">
                Scan the QR code
              </h3>
              <img
                src={enrolment.qrCodeDataUrl}
                alt="QR code to add Signal AR to your authenticator app"
                width={176}
                height={176}
                className="mx-auto size-44 rounded-md border bg-white p-1"
              />
              <div className="grid gap-1 text-sm">
                <p className="text-slate-600">
                  Can&apos;t scan it? Enter this setup key in your app instead:
                </p>
                <code
                  aria-label="Setup key"
                  className="rounded-md bg-slate-100 px-2 py-1.5 font-mono text-sm tracking-wide break-words text-slate-900"
                >
                  {grouped(enrolment.secret)}
                </code>
                <p className="text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</p>
              </div>
            </section>
            <section aria-labelledby="two-factor-step-codes" className="grid gap-2">
              <h3 id="two-factor-step-codes" className="text-sm font-medium text-slate-900">
                Save your recovery codes
              </h3>
              <p className="text-sm text-slate-600">
                If you lose your phone, each code signs you in once. Keep them somewhere safe: they
                are not shown again.
              </p>
              <RecoveryCodeList codes={enrolment.recoveryCodes} />
            </section>
            <Field label="Code from your authenticator app" error={errors.code?.message}>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                placeholder="123456"
                className="max-w-40 font-mono tracking-widest"
                {...form.register('code')}
              />
            </Field>
            <DialogFormFooter onCancel={close} pending={confirm.isPending} submitLabel="Turn On" pendingLabel="Verifying..." />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
