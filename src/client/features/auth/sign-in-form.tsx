import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type LoginInput, loginSchema } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isLoginChallenge, useLogin } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { TwoFactorStep } from './two-factor-step';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  // Set when the password was right and the account asks for a second step.
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) => (isLoginChallenge(result) ? setChallengeToken(result.challengeToken) : onSuccess()),
      onError: (error) => applyServerErrors(error, form.setError, ['username', 'password']),
    }),
  );
  if (challengeToken) {
    const restart = () => {
      setChallengeToken(null);
      form.resetField('password');
    };
    return <TwoFactorStep challengeToken={challengeToken} onSuccess={onSuccess} onRestart={restart} />;
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Link to="/auth/reset-password" className="-mt-2 justify-self-end text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
        Forgot password?
      </Link>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
