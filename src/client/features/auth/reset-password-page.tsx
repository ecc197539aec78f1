import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
} from '@shared/contracts/password-reset';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, apiRequest } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { AuthBrand } from './auth-brand';

type Answer = { message: string };

/**
 * /auth/reset-password: without a token, asks for the email to mail a link to; with the link's
 * token, sets the new password. Either way the outcome is shown on the page.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 p-4 sm:p-8">
      <main className="w-full max-w-md">
        <AuthBrand />
        {token ? <NewPasswordCard token={token} /> : <RequestLinkCard />}
        <p className="mt-4 text-center text-sm text-slate-600">
          <Link to="/auth" className="font-medium text-blue-700 underline-offset-4 hover:underline">
            Back to sign in
          </Link>
        </p>
      </main>
    </div>
  );
}

function Outcome({ message, tone }: { message: string; tone: 'success' | 'error' }) {
  return (
    <p
      role={tone === 'success' ? 'status' : 'alert'}
      className={tone === 'success' ? 'rounded-md bg-green-50 p-3 text-sm text-green-800' : 'rounded-md bg-red-50 p-3 text-sm text-destructive'}
    >
      {message}
    </p>
  );
}

function RequestLinkCard() {
  const send = useMutation({
    mutationFn: (input: PasswordResetRequestInput) => apiRequest<Answer>('POST', '/api/password-reset', input),
  });
  const form = useForm<PasswordResetRequestInput>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    send.mutate(values, { onError: (error) => applyServerErrors(error, form.setError, ['email']) }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-xl">
          <h1>Reset your password</h1>
        </CardTitle>
        <CardDescription>Enter the email of your account and we will mail you a link to choose a new password.</CardDescription>
      </CardHeader>
      <CardContent>
        {send.isSuccess ? (
          <Outcome tone="success" message={send.data.message} />
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <Field label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </Field>
            {send.isError && !(send.error instanceof ApiError && send.error.fields) ? <Outcome tone="error" message={send.error.message} /> : null}
            <Button type="submit" className="w-full" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function NewPasswordCard({ token }: { token: string }) {
  const reset = useMutation({
    mutationFn: (input: PasswordResetConfirmInput) => apiRequest<Answer>('POST', '/api/password-reset/confirm', input),
  });
  const form = useForm<PasswordResetConfirmInput>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    reset.mutate(values, { onError: (error) => applyServerErrors(error, form.setError, ['password', 'confirmPassword']) }),
  );
  // An expired, used or unknown link: the form cannot help, a new link can.
  const linkError = reset.error instanceof ApiError && reset.error.code === 'BAD_REQUEST' ? reset.error : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-xl">
          <h1>Choose a new password</h1>
        </CardTitle>
        <CardDescription>At least 8 characters. Every browser signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        {reset.isSuccess ? (
          <div className="grid gap-4">
            <Outcome tone="success" message={reset.data.message} />
            <Button asChild className="w-full">
              <Link to="/auth">Sign in</Link>
            </Button>
          </div>
        ) : linkError ? (
          <div className="grid gap-4">
            <Outcome tone="error" message={linkError.message} />
            <Button asChild variant="outline" className="w-full">
              <Link to="/auth/reset-password">Request a new link</Link>
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            {errors.token?.message ? <Outcome tone="error" message={errors.token.message} /> : null}
            <Field label="New password" error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <Field label="Confirm new password" error={errors.confirmPassword?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </Field>
            {reset.isError && !(reset.error instanceof ApiError && reset.error.fields) ? <Outcome tone="error" message={reset.error.message} /> : null}
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending ? 'Saving...' : 'Set new password'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
