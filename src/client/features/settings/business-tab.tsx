import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  type BusinessIdentity,
  type BusinessIdentityFormValues,
  type BusinessIdentityInput,
  businessIdentityInput,
} from '@shared/contracts/business-settings';
import { countryCodes, countryName } from '@shared/tax-identity';
import { TaxIdentityFields } from '@/components/tax-identity-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const businessKey = ['/api/settings/business'] as const;
const countryOptions = countryCodes.map((code) => ({ value: code, label: `${countryName(code) ?? code} (${code})` }));
const formFields = [
  'legalName', 'vatId', 'companyId', 'taxId', 'address', 'city', 'state', 'zipCode', 'country',
  'electronicAddressScheme', 'electronicAddress', 'iban', 'bic', 'paymentBankAccountId',
] as const;

/** Settings > Business: the organization's tax identity, the seller on every e-invoice it sends (issue 36). */
export function BusinessTab() {
  const { data: identity } = useQuery<BusinessIdentity>({ queryKey: businessKey });
  const { data: user } = useCurrentUser();
  if (!identity) return <Skeleton className="h-96 w-full" />;
  const canEdit = user?.role === 'owner' || user?.role === 'admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Tax identity and e-invoicing</h2>
        </CardTitle>
        <CardDescription>
          How {identity.name} appears as the seller on e-invoices, and where customers pay.
          {canEdit ? '' : ' Only owners and admins can change this.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <BusinessIdentityForm key={JSON.stringify(identity)} identity={identity} canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}

function BusinessIdentityForm({ identity, canEdit }: { identity: BusinessIdentity; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: BusinessIdentityInput) => apiRequest<BusinessIdentity>('PUT', '/api/settings/business', input),
    onSuccess: (saved) => queryClient.setQueryData(businessKey, saved),
  });
  const form = useForm<BusinessIdentityFormValues, unknown, BusinessIdentityInput>({
    resolver: zodResolver(businessIdentityInput),
    defaultValues: Object.fromEntries(formFields.map((key) => [key, identity[key] ?? ''])),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Business details saved' }),
      onError: (error) => {
        applyServerErrors(error, form.setError, [...formFields]);
        toast({ title: 'Update failed', description: error.message, variant: 'destructive' });
      },
    }),
  );
  const accountOptions = identity.paymentBankAccounts.map((account) => ({ value: account.id, label: account.label }));
  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!canEdit || save.isPending}>
        <legend className="mb-2 text-sm font-semibold">Identity</legend>
        <TaxIdentityFields register={form.register} control={form.control} errors={errors} />
        <Field label="Other tax ID" description="A tax registration that is not a VAT ID, e.g. a US EIN." error={errors.taxId?.message}>
          <Input autoComplete="off" {...form.register('taxId')} />
        </Field>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!canEdit || save.isPending}>
        <legend className="mb-2 text-sm font-semibold">Address</legend>
        <Field label="Street address" className="sm:col-span-2" error={errors.address?.message}>
          <Input autoComplete="street-address" {...form.register('address')} />
        </Field>
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" {...form.register('city')} />
        </Field>
        <Field label="State or region" error={errors.state?.message}>
          <Input autoComplete="address-level1" {...form.register('state')} />
        </Field>
        <Field label="Postal code" error={errors.zipCode?.message}>
          <Input autoComplete="postal-code" {...form.register('zipCode')} />
        </Field>
        <SelectField control={form.control} name="country" label="Country" required options={countryOptions} error={errors.country?.message} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2" disabled={!canEdit || save.isPending}>
        <legend className="mb-2 text-sm font-semibold">Payment details</legend>
        <p className="text-muted-foreground text-sm sm:col-span-2">
          Written on invoices and e-invoices: an IBAN (with its BIC), or one of your verified US bank accounts.
        </p>
        <Field label="IBAN" error={errors.iban?.message}>
          <Input autoComplete="off" spellCheck={false} {...form.register('iban')} />
        </Field>
        <Field label="BIC" error={errors.bic?.message}>
          <Input autoComplete="off" spellCheck={false} {...form.register('bic')} />
        </Field>
        <SelectField
          control={form.control}
          name="paymentBankAccountId"
          label="US bank account"
          className="sm:col-span-2"
          description={accountOptions.length === 0 ? 'No verified bank account yet: add and verify one in Bank Accounts.' : 'Instead of an IBAN.'}
          placeholder="None"
          noneLabel="None"
          options={accountOptions}
          error={errors.paymentBankAccountId?.message}
        />
      </fieldset>
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            Save Business Details
          </Button>
        </div>
      ) : null}
    </form>
  );
}
