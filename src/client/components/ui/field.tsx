import type { ReactElement, ReactNode } from 'react';
import { useId } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** Props a form control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** The error text, typically `errors.email?.message` from react-hook-form. */
  error?: string | undefined;
  /** Hint shown under the control while there is no error. */
  description?: ReactNode;
  /** Fixed id for the control; generated when absent. */
  id?: string;
  required?: boolean;
  className?: string;
  /**
   * One element (`<Input {...register('email')} />`), which receives id/aria-* through Slot, or a
   * function receiving those props, for controls where they go on an inner part
   * (`{(p) => <Select ...><SelectTrigger {...p}>...`).
   */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
};

/** Label + control + hint/error, wired for screen readers (aria-invalid, aria-describedby). */
export function Field({
  label,
  error,
  description,
  id,
  required,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = error ? errorId : description ? descriptionId : undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };

  return (
    <div data-slot="field" className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {typeof children === 'function' ? (
        children(control)
      ) : (
        <Slot.Root {...control}>{children}</Slot.Root>
      )}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        description && (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        )
      )}
    </div>
  );
}
