import type { Control, FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';

/**
 * react-hook-form's register, errors and control are invariant in the form's values, so a form
 * cannot hand them as they are to a component that renders only some of its fields. A form whose
 * values include all of `S`'s fields can: `formSlice<NameValues>().register(form.register)`.
 */
export function formSlice<S extends FieldValues>() {
  return {
    register: <T extends S>(register: UseFormRegister<T>) =>
      register as unknown as UseFormRegister<S>,
    errors: <T extends S>(errors: FieldErrors<T>) => errors as FieldErrors<S>,
    control: <T extends S>(control: Control<T>) => control as unknown as Control<S>,
  };
}
