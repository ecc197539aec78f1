import type { ChangeEvent, ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { inputClassName } from './input';

type MoneyInputProps = Omit<
  ComponentProps<'input'>,
  'type' | 'inputMode' | 'value' | 'defaultValue'
> & {
  /** Shown before the amount, e.g. "$" or "€". */
  currencySymbol: string;
  value?: string;
  defaultValue?: string;
  /** Called with the cleaned decimal string; use with Controller, or use `{...register()}` instead. */
  onValueChange?: (value: string) => void;
  /** Keeps a leading minus (a balance can be overdrawn); amounts are never negative otherwise. */
  allowNegative?: boolean;
};

/** Keeps digits, one decimal point and thousands commas; parseMoney in @shared/money reads the rest. */
function cleanAmount(raw: string, allowNegative = false): string {
  const kept = raw.replace(/[^\d.,]/g, '');
  const dot = kept.indexOf('.');
  const amount = dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replace(/[.,]/g, '');
  return allowNegative && raw.trimStart().startsWith('-') ? `-${amount}` : amount;
}

/**
 * Amount field whose value stays a decimal string ("1234.50") for the form; parsing to cents
 * happens once, in the contract. Works with `register` (uncontrolled) and with Controller.
 */
export function MoneyInput({
  currencySymbol,
  className,
  onChange,
  onValueChange,
  allowNegative,
  ...props
}: MoneyInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const cleaned = cleanAmount(event.target.value, allowNegative);
    if (cleaned !== event.target.value) event.target.value = cleaned;
    onChange?.(event);
    onValueChange?.(cleaned);
  }

  return (
    <div data-slot="money-input" className={cn('relative', className)}>
      <span
        className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-sm text-muted-foreground"
        aria-hidden="true"
      >
        {currencySymbol}
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={cn(
          inputClassName,
          'text-right tabular-nums',
          currencySymbol.length > 1 ? 'pl-12' : 'pl-7',
        )}
        onChange={handleChange}
        {...props}
      />
    </div>
  );
}
