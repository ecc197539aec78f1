import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from './field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** Options from a list of values and their labels (`labelledOptions(methods, methodLabels)`). */
export function labelledOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, ReactNode>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The items of a Select's list, one per option. */
export function SelectOptionItems({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <SelectItem key={option.value} value={option.value}>
      {option.label}
    </SelectItem>
  ));
}

// Radix Select items cannot have an empty value; the "none" choice stands for '' in the form.
const NONE = '__none__';

type SelectFieldProps<TValues extends FieldValues> = {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string | undefined;
  description?: ReactNode;
  required?: boolean;
  className?: string;
  triggerClassName?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Shown when the form value is empty, for fields whose empty value means this option. */
  fallback?: string;
  /** Label of a first option that clears the value (the form value becomes ''). */
  noneLabel?: string;
  disabled?: boolean;
};

/** A labelled form field that picks one of `options`: the one way our forms use a Select. */
export function SelectField<TValues extends FieldValues>({
  control,
  name,
  label,
  options,
  error,
  description,
  required,
  className,
  triggerClassName,
  placeholder,
  fallback,
  noneLabel,
  disabled,
}: SelectFieldProps<TValues>) {
  return (
    <Field
      label={label}
      error={error}
      description={description}
      required={required}
      className={className}
    >
      {(controlProps) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => {
            const current: unknown = field.value;
            const chosen = current === null || current === undefined ? '' : String(current);
            const value = chosen || (noneLabel ? NONE : fallback);
            return (
              <Select
                value={value}
                onValueChange={(next) => field.onChange(next === NONE ? '' : next)}
                disabled={disabled}
              >
                <SelectTrigger {...controlProps} className={triggerClassName}>
                  <SelectValue placeholder={placeholder} />
                </SelectTrigger>
                <SelectContent>
                  {noneLabel && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
                  <SelectOptionItems options={options} />
                </SelectContent>
              </Select>
            );
          }}
        />
      )}
    </Field>
  );
}
