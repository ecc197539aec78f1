import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { saveRecord } from '@/lib/form-errors';
import {
  type Customer,
  type CustomerFormValues,
  type CustomerInput,
  customerInputSchema,
} from '@shared/contracts/customers';
import { useSaveCustomer } from './api';

const serverFields = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'taxId',
] as const;

/** The spec's form fields (7.2 POST /api/customers) plus Active, for deactivating a customer with invoices. */
function defaults(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    address: customer?.address ?? '',
    city: customer?.city ?? '',
    state: customer?.state ?? '',
    zipCode: customer?.zipCode ?? '',
    country: customer?.country ?? 'US',
    taxId: customer?.taxId ?? '',
    isActive: customer?.isActive ?? true,
  };
}

export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: Customer | null;
}) {
  const save = useSaveCustomer();
  const { register, handleSubmit, control, reset, setError, formState } = useForm<
    CustomerFormValues,
    unknown,
    CustomerInput
  >({
    resolver: zodResolver(customerInputSchema),
    defaultValues: defaults(customer),
  });
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(defaults(customer));
  }, [open, customer, reset]);

  const onSubmit = handleSubmit((input) =>
    saveRecord({
      save: () => save.mutateAsync({ id: customer?.id, input }),
      noun: 'Customer',
      editing: customer !== null,
      onSaved: () => onOpenChange(false),
      setError,
      fields: serverFields,
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{customer ? 'Edit Customer' : 'Add Customer'}</DialogTitle>
          <DialogDescription>Who you invoice, and where the invoices go.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" required error={errors.name?.message}>
              <Input {...register('name')} autoComplete="organization" />
            </Field>
            <Field label="Email" required error={errors.email?.message}>
              <Input type="email" {...register('email')} autoComplete="email" />
            </Field>
            <Field label="Phone" error={errors.phone?.message}>
              <Input type="tel" {...register('phone')} autoComplete="tel" />
            </Field>
            <Field label="Tax ID" error={errors.taxId?.message}>
              <Input {...register('taxId')} />
            </Field>
            <Field label="Address" className="sm:col-span-2" error={errors.address?.message}>
              <Input {...register('address')} autoComplete="street-address" />
            </Field>
            <Field label="City" error={errors.city?.message}>
              <Input {...register('city')} autoComplete="address-level2" />
            </Field>
            <div className="grid grid-cols-3 gap-3">
              <Field label="State" error={errors.state?.message}>
                <Input {...register('state')} autoComplete="address-level1" />
              </Field>
              <Field label="ZIP" error={errors.zipCode?.message}>
                <Input {...register('zipCode')} autoComplete="postal-code" />
              </Field>
              <Field label="Country" error={errors.country?.message}>
                <Input {...register('country')} autoComplete="country" />
              </Field>
            </div>
            {customer && (
              <Field label="Active" description="Inactive customers cannot receive new invoices.">
                {(control_) => (
                  <Controller
                    control={control}
                    name="isActive"
                    render={({ field }) => (
                      <Switch
                        id={control_.id}
                        checked={field.value ?? true}
                        onCheckedChange={field.onChange}
                      />
                    )}
                  />
                )}
              </Field>
            )}
          </div>
          <DialogFormFooter
            onCancel={() => onOpenChange(false)}
            pending={save.isPending}
            submitLabel={customer ? 'Save Customer' : 'Add Customer'}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
