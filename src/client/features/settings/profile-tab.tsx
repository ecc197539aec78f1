import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { industries, profileUpdateSchema, timezones } from '@shared/contracts/settings';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { PersonNameFields } from '@/components/person-name-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSettings, useUpdateProfile } from './api';
import { CurrencyCard } from './currency-card';

type ProfileForm = z.input<typeof profileUpdateSchema>;

const industryLabels: Record<(typeof industries)[number], string> = {
  accounting: 'Accounting',
  consulting: 'Consulting',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  technology: 'Technology',
  other: 'Other',
};
const timezoneLabels: Record<(typeof timezones)[number], string> = {
  utc: 'UTC',
  est: 'Eastern Time (EST)',
  cst: 'Central Time (CST)',
  mst: 'Mountain Time (MST)',
  pst: 'Pacific Time (PST)',
};

export function ProfileTab() {
  const { data: user } = useCurrentUser();
  const { data: settings } = useSettings();
  return (
    <div className="grid gap-6">
      {user && settings ? (
        <ProfileCard
          defaults={{
            firstName: user.firstName ?? '',
            lastName: user.lastName ?? '',
            email: user.email,
            username: user.username,
            industry: settings.industry ?? '',
            timezone: settings.timezone ?? '',
          }}
        />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
      <CurrencyCard />
    </div>
  );
}

function ProfileCard({ defaults }: { defaults: ProfileForm }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({
          title: 'Profile updated',
          description: 'Your profile information has been saved successfully.',
        });
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, [
          'firstName',
          'lastName',
          'email',
          'username',
          'industry',
          'timezone',
        ]);
        toast({
          title: 'Update failed',
          description: 'There was an error updating your profile.',
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>Profile Information</CardTitle>
          <CardDescription>Update your personal details and how we reach you.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <PersonNameFields register={form.register} errors={errors} />
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <Field label="Username" error={errors.username?.message}>
            <Input autoComplete="username" {...form.register('username')} />
          </Field>
          <SelectField
            control={form.control}
            name="industry"
            label="Industry"
            placeholder="Select industry"
            error={errors.industry?.message}
            options={labelledOptions(industries, industryLabels)}
          />
          <SelectField
            control={form.control}
            name="timezone"
            label="Timezone"
            placeholder="Select timezone"
            error={errors.timezone?.message}
            options={labelledOptions(timezones, timezoneLabels)}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
