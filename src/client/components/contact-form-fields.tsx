import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { formSlice } from '@/lib/form-slice';

type Text = string | null | undefined;

/** The contact and address fields customers and vendors share. */
export interface ContactFormValues extends FieldValues {
  name: string;
  email: string;
  phone?: Text;
  taxId?: Text;
  address?: Text;
  city?: Text;
  state?: Text;
  zipCode?: Text;
  country?: Text;
  isActive?: boolean | undefined;
}

const contact = formSlice<ContactFormValues>();

/** Name, email, phone, tax id and the address, laid out for a two-column form grid. */
export function ContactFormFields<T extends ContactFormValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const register = contact.register(props.register);
  const errors = contact.errors(props.errors);
  return (
    <>
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
    </>
  );
}

/** The Active switch of a customer or vendor: an inactive one gets no new invoices or bills. */
export function ActiveField<T extends ContactFormValues>(props: {
  control: Control<T>;
  description: string;
}) {
  return (
    <Field label="Active" description={props.description}>
      {(field_) => (
        <Controller
          control={contact.control(props.control)}
          name="isActive"
          render={({ field }) => (
            <Switch id={field_.id} checked={field.value ?? true} onCheckedChange={field.onChange} />
          )}
        />
      )}
    </Field>
  );
}
