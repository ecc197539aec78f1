import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** A labelled set of checkboxes editing a list of values (specializations, certifications). */
export function CheckboxGroup<T extends string>(props: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const baseId = useId();
  const toggle = (option: T, checked: boolean) => {
    const next = checked ? [...props.value, option] : props.value.filter((item) => item !== option);
    // Keep the options' order so the review step reads the same way as the form.
    props.onChange(props.options.map((o) => o.value).filter((value) => next.includes(value)));
  };
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-slate-900">{props.legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {props.options.map((option, index) => {
          const id = `${baseId}-${index}`;
          return (
            <div key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={props.value.includes(option.value)}
                onCheckedChange={(checked) => toggle(option.value, checked === true)}
              />
              <Label htmlFor={id} className="font-normal">
                {option.label}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
