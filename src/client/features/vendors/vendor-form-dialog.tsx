import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ActiveField, ContactFormFields } from '@/components/contact-form-fields';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SelectField } from '@/components/ui/select-field';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { BankChangeBanner } from '@/components/bank-change-banner';
import { saveRecord } from '@/lib/form-errors';
import {
  type Vendor,
  type VendorFormValues,
  type VendorInput,
  needsBankDetails,
  vendorCreateSchema,
  vendorPaymentMethods,
  vendorUpdateSchema,
} from '@shared/contracts/vendors';
import { useSaveVendor } from './api';
import { VendorAchOptions } from './vendor-ach-options';

const serverFields = [
  'name',
  'email',
  'phone',
  'paymentMethod',
  'bankName',
  'accountNumber',
  'routingNumber',
  'wireInstructions',
  'country',
  'taxId',
] as const;

function defaults(vendor: Vendor | null): VendorFormValues {
  return {
    name: vendor?.name ?? '',
    email: vendor?.email ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    city: vendor?.city ?? '',
    state: vendor?.state ?? '',
    zipCode: vendor?.zipCode ?? '',
    country: vendor?.country ?? 'US',
    taxId: vendor?.taxId ?? '',
    paymentMethod: vendor?.paymentMethod ?? 'ach',
    bankName: vendor?.bankName ?? '',
    // Never sent back by the server: blank keeps the stored number.
    accountNumber: '',
    routingNumber: vendor?.routingNumber ?? '',
    wireInstructions: vendor?.wireInstructions ?? '',
    isActive: vendor?.isActive ?? true,
  };
}

export function VendorFormDialog({
  open,
  onOpenChange,
  vendor,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendor: Vendor | null;
}) {
  const save = useSaveVendor();
  const form = useForm<VendorFormValues, unknown, VendorInput>({
    resolver: zodResolver(vendor ? vendorUpdateSchema : vendorCreateSchema),
    defaultValues: defaults(vendor),
  });
  const { register, handleSubmit, control, reset, setError, formState } = form;
  const { errors } = formState;
  const method = useWatch({ control, name: 'paymentMethod' }) ?? 'ach';
  const bank = needsBankDetails(method);

  useEffect(() => {
    if (open) reset(defaults(vendor));
  }, [open, vendor, reset]);

  const onSubmit = handleSubmit((input) =>
    saveRecord({
      save: () => save.mutateAsync({ id: vendor?.id, input }),
      noun: 'Vendor',
      editing: vendor !== null,
      onSaved: () => onOpenChange(false),
      setError,
      fields: serverFields,
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{vendor ? 'Edit Vendor' : 'Add Vendor'}</DialogTitle>
          <DialogDescription>Contact details and how this vendor is paid.</DialogDescription>
        </DialogHeader>
        {vendor && <BankChangeBanner vendorId={vendor.id} />}
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <ContactFormFields register={register} errors={errors} />
            <SelectField
              control={control}
              name="paymentMethod"
              label="Payment method"
              error={errors.paymentMethod?.message}
              fallback="ach"
              options={vendorPaymentMethods.map((value) => ({ value, label: value.toUpperCase() }))}
            />
            <ActiveField
              control={control}
              description="Inactive vendors cannot receive new bills."
            />
          </div>
          {bank && (
            <fieldset className="grid items-start gap-4 rounded-md border p-4 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium">Bank details</legend>
              <Field
                label="Bank name"
                required
                error={errors.bankName?.message}
                className="sm:col-span-2"
              >
                <Input {...register('bankName')} />
              </Field>
              <Field
                label="Account number"
                required={!vendor?.accountNumber}
                error={errors.accountNumber?.message}
                description={
                  vendor?.accountNumber
                    ? `Stored: ${vendor.accountNumber}. Leave blank to keep it.`
                    : undefined
                }
              >
                <Input
                  {...register('accountNumber')}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={vendor?.accountNumber ?? ''}
                />
              </Field>
              <Field label="Routing number" required error={errors.routingNumber?.message}>
                <Input
                  {...register('routingNumber')}
                  inputMode="numeric"
                  maxLength={9}
                  autoComplete="off"
                />
              </Field>
              {method === 'wire' && (
                <Field
                  label="Wire instructions"
                  required
                  error={errors.wireInstructions?.message}
                  className="sm:col-span-2"
                >
                  <Textarea rows={3} {...register('wireInstructions')} />
                </Field>
              )}
            </fieldset>
          )}
          {method === 'ach' &&
            (vendor ? (
              <VendorAchOptions vendorId={vendor.id} />
            ) : (
              <p className="text-sm text-slate-500">
                Remittance details and a prenote can be chosen once the vendor is added.
              </p>
            ))}
          <DialogFormFooter
            onCancel={() => onOpenChange(false)}
            pending={save.isPending}
            submitLabel={vendor ? 'Save Vendor' : 'Add Vendor'}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
