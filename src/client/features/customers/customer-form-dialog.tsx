import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ActiveField, ContactFormFields } from '@/components/contact-form-fields';
import { TaxIdentityFields } from '@/components/tax-identity-fields';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { saveRecord } from '@/lib/form-errors';
import { Field } from '@/components/ui/field';
import { MoneyInput } from '@/components/ui/money-input';
import { useMoneyFormat } from '@/lib/money-format';
import {
  type Customer,
  type CustomerFormValues,
  type CustomerInput,
  customerInputSchema,
} from '@shared/contracts/customers';
import { einvoiceFormats } from '@shared/einvoice-codes';
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
  'creditLimit',
  'legalName',
  'vatId',
  'companyId',
  'electronicAddressScheme',
  'electronicAddress',
  'buyerReference',
  'einvoiceFormat',
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
    creditLimit: customer?.creditLimit ?? '',
    isActive: customer?.isActive ?? true,
    legalName: customer?.legalName ?? '',
    vatId: customer?.vatId ?? '',
    companyId: customer?.companyId ?? '',
    electronicAddressScheme: customer?.electronicAddressScheme ?? '',
    electronicAddress: customer?.electronicAddress ?? '',
    buyerReference: customer?.buyerReference ?? '',
    einvoiceFormat: einvoiceFormats.find((format) => format === customer?.einvoiceFormat) ?? 'pdf',
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
  const { currency } = useMoneyFormat();
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
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{customer ? 'Edit Customer' : 'Add Customer'}</DialogTitle>
          <DialogDescription>Who you invoice, and where the invoices go.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <ContactFormFields register={register} errors={errors} />
            <Field
              label="Credit limit"
              error={errors.creditLimit?.message}
              description="Invoices that take the customer's balance over it show a warning. Leave empty for none."
            >
              <MoneyInput currencySymbol={currency.symbol} {...register('creditLimit')} />
            </Field>
            {customer && (
              <ActiveField
                control={control}
                description="Inactive customers cannot receive new invoices."
              />
            )}
          </div>
          <fieldset className="grid gap-4 border-t pt-4 sm:grid-cols-2">
            <legend className="sr-only">Tax identity and e-invoicing</legend>
            <h3 className="text-sm font-semibold sm:col-span-2">Tax identity and e-invoicing</h3>
            <TaxIdentityFields register={register} control={control} errors={errors} asCustomer />
          </fieldset>
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
