import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type InvitationAcceptInput, type InvitationPreview, invitationAcceptSchema, roleLabels } from '@shared/contracts/team';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PersonNameFields } from '@/components/person-name-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAcceptInvitation } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';

/** /auth?invite=<token>: the invited person picks a username and password and joins the team. */
export function JoinTeamForm({ token, onSuccess, onCancel }: { token: string; onSuccess: () => void; onCancel: () => void }) {
  const invitation = useQuery<InvitationPreview>({ queryKey: [`/api/team/invitations/${encodeURIComponent(token)}`] });
  const accept = useAcceptInvitation(token);
  const form = useForm<InvitationAcceptInput>({
    resolver: zodResolver(invitationAcceptSchema),
    defaultValues: { username: '', password: '', firstName: '', lastName: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onSuccess,
      onError: (error) => applyServerErrors(error, form.setError, ['username', 'password', 'firstName', 'lastName']),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-xl">
          <h1>Join your team</h1>
        </CardTitle>
        <CardDescription>
          {invitation.data
            ? `You are invited to ${invitation.data.organizationName} as ${roleLabels[invitation.data.role]} (${invitation.data.email}).`
            : 'Create your account to accept the invitation.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {invitation.isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : invitation.isError ? (
          <div className="grid gap-4">
            <p role="alert" className="text-sm text-destructive">
              {invitation.error.message}. Ask the person who invited you for a new link.
            </p>
            <Button variant="outline" onClick={onCancel}>
              Go to sign in
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <PersonNameFields register={form.register} errors={errors} />
            </div>
            <Field label="Username" error={errors.username?.message}>
              <Input autoComplete="username" {...form.register('username')} />
            </Field>
            <Field label="Password" error={errors.password?.message}>
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <Button type="submit" className="w-full" disabled={accept.isPending}>
              {accept.isPending ? 'Joining...' : 'Join team'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
