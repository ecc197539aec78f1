import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { recoveryCodesRegenerateSchema } from '@shared/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/form-errors';
import { securityFailed } from './security-toasts';
import { RecoveryCodeList } from './recovery-code-list';
import { useRegenerateRecoveryCodes } from './two-factor-api';

type CodeForm = z.input<typeof recoveryCodesRegenerateSchema>;

/** New recovery codes for a current code; the old ones stop working. */
export function RecoveryCodesDialog() {
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<CodeForm, unknown, z.output<typeof recoveryCodesRegenerateSchema>>({
    resolver: zodResolver(recoveryCodesRegenerateSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const change = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setCodes(null);
      form.reset({ code: '' });
    }
  };
  const submit = form.handleSubmit((values) =>
    regenerate.mutate(values, {
      onSuccess: (result) => setCodes(result.recoveryCodes),
      onError: (error) => {
        applyServerErrors(error, form.setError, ['code']);
        securityFailed();
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={change}>
      <div className="flex items-center justify-between gap-4 py-3">
        <p className="text-sm text-slate-500">
          Lost your recovery codes, or used some? Replace all ten.
        </p>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            New Recovery Codes
          </Button>
        </DialogTrigger>
      </div>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New recovery codes</DialogTitle>
          <DialogDescription>
            {codes
              ? 'Save these now: they are not shown again, and your old codes no longer work.'
              : 'Enter a code from your authenticator app to replace your recovery codes.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <>
            <RecoveryCodeList codes={codes} />
            <DialogFooter>
              <Button type="button" onClick={() => change(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <Field label="Code from your authenticator app" error={errors.code?.message}>
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                className="max-w-40 font-mono tracking-widest"
                {...form.register('code')}
              />
            </Field>
            <DialogFormFooter onCancel={() => change(false)} pending={regenerate.isPending} submitLabel="Replace Codes" pendingLabel="Replacing..." />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
