import { Select, SelectContent, SelectTrigger, SelectValue } from './select';
import { SelectOptionItems } from './select-field';

type Props<T extends string> = {
  /** The trigger's accessible name ("Filter by status"). */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onValueChange: (value: T) => void;
  className?: string;
};

/** A list's filter: one choice out of a few, named for screen readers, outside any form. */
export function FilterSelect<T extends string>({ label, value, options, onValueChange, className = 'w-40' }: Props<T>) {
  return (
    <Select value={value} onValueChange={(next) => onValueChange(options.find((option) => option.value === next)?.value ?? value)}>
      <SelectTrigger className={className} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectOptionItems options={options} />
      </SelectContent>
    </Select>
  );
}
