import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { secondFactorCodeSchema, totpCodeSchema } from '@shared/contracts/two-factor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useTwoFactorLogin } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';

const totpForm = z.object({ code: totpCodeSchema });
const recoveryForm = z.object({ code: secondFactorCodeSchema });
type CodeForm = z.input<typeof totpForm>;

/**
 * Sign-in, step two: the password was right and the account has two-factor on. A 6-digit code
 * from the app, or a recovery code. An expired challenge sends the user back to the password.
 */
export function TwoFactorStep(props: {
  challengeToken: string;
  onSuccess: () => void;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const login = useTwoFactorLogin();
  const form = useForm<CodeForm>({
    resolver: zodResolver(useRecovery ? recoveryForm : totpForm),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    login.mutate(
      { challengeToken: props.challengeToken, code: values.code },
      {
        onSuccess: props.onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401 && !error.fields) props.onRestart();
          else applyServerErrors(error, form.setError, ['code']);
        },
      },
    ),
  );
  const switchMode = () => {
    setUseRecovery((current) => !current);
    form.reset({ code: '' });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-1">
        <h2 className="text-base font-semibold text-slate-900">Two-factor authentication</h2>
        <p className="text-sm text-slate-600">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {useRecovery ? (
        <Field key="recovery" label="Recovery code" error={errors.code?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            autoFocus
            {...form.register('code')}
          />
        </Field>
      ) : (
        <Field key="totp" label="Authentication code" error={errors.code?.message}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            className="font-mono tracking-widest"
            autoFocus
            {...form.register('code')}
          />
        </Field>
      )}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button type="button" variant="link" className="h-auto px-0 underline" onClick={switchMode}>
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto px-0 text-slate-600"
          onClick={props.onRestart}
        >
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
