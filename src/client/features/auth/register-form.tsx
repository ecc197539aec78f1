import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type RegisterInput, registerSchema } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { PersonNameFields } from '@/components/person-name-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRegister } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const register = useRegister();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '', firstName: '', lastName: '', companyName: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess,
      onError: (error) =>
        applyServerErrors(error, form.setError, ['username', 'email', 'password', 'firstName', 'lastName', 'companyName']),
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields register={form.register} errors={errors} />
      </div>
      <Field label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Company name (optional)" error={errors.companyName?.message}>
        <Input autoComplete="organization" {...form.register('companyName')} />
      </Field>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
