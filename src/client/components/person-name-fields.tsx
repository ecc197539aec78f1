import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formSlice } from '@/lib/form-slice';

interface PersonNameValues {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

const person = formSlice<PersonNameValues>();

/** First and last name side by side (place them in a two-column grid). */
export function PersonNameFields<T extends PersonNameValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const register = person.register(props.register);
  const errors = person.errors(props.errors);
  return (
    <>
      <Field label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" {...register('firstName')} />
      </Field>
      <Field label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="family-name" {...register('lastName')} />
      </Field>
    </>
  );
}
