import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type PasswordChangeInput, passwordChangeSchema } from '@shared/contracts/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { applyServerErrors } from '@/lib/form-errors';
import { useChangePassword, useSettings, useUpdatePreferences } from './api';
import { securityFailed, securitySaved } from './security-toasts';
import { ToggleRow } from '@/components/ui/toggle-row';
import { TwoFactorToggle } from './two-factor-toggle';

const saved = securitySaved;
const failed = securityFailed;

export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <PasswordCard />
      <SecurityToggles />
    </div>
  );
}

function PasswordCard() {
  const change = useChangePassword();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const form = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeSchema), defaultValues: empty });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset(empty);
        saved();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ['currentPassword', 'newPassword', 'confirmPassword']);
        failed();
      },
    }),
  );
  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>Change Password</CardTitle>
          <CardDescription>Changing your password signs you out on every other device.</CardDescription>
        </CardHeader>
        <CardContent className="grid max-w-md gap-4">
          <Field label="Current password" error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field label="New password" error={errors.newPassword?.message} description="At least 8 characters.">
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <Field label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function SecurityToggles() {
  const { data: settings } = useSettings();
  const update = useUpdatePreferences();
  if (!settings) return <Skeleton className="h-40 w-full" />;
  const setLoginNotifications = (checked: boolean) =>
    update.mutate({ security: { loginNotifications: checked } }, { onSuccess: saved, onError: failed });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in Protection</CardTitle>
        <CardDescription>Choose how your account is protected when someone signs in.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <TwoFactorToggle enabled={settings.security.twoFactorEnabled} />
        <ToggleRow
          label="Login Notifications"
          description="Email me when my account is signed in from a new browser or address."
          checked={settings.security.loginNotifications}
          disabled={update.isPending}
          onChange={setLoginNotifications}
        />
      </CardContent>
    </Card>
  );
}
