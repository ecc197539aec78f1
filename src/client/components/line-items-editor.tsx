import { Plus, Trash2 } from 'lucide-react';
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldValues,
  type Path,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { inputClassName } from '@/components/ui/input';
import { unitOptions, vatCategoryOptions } from '@/components/vat-lines';
import type { Cents } from '@shared/money';

const itemFields = ['description', 'quantity', 'unitPrice', 'totalPrice', 'taxCategory', 'taxRate', 'unitCode'] as const;
type ItemField = (typeof itemFields)[number];
type Message = { message?: string } | undefined;

/** The form's errors under `items`: a message for the list, or per row and field. */
export type LineItemsErrors =
  | ({ message?: string; root?: Message } & { [index: number]: Partial<Record<ItemField, Message>> | undefined })
  | undefined;

/** A form whose `items` rows have a description, a quantity and a unit price (invoices, bills, recurring schedules). */
type WithItems = FieldValues & { items: { description: string; quantity: unknown; unitPrice: unknown }[] };

type Props<TValues extends WithItems, TOutput> = {
  control: Control<TValues, unknown, TOutput>;
  register: UseFormRegister<TValues>;
  errors: LineItemsErrors;
  /** The row "Add Item" appends. */
  blankItem: () => TValues['items'][number];
  /** Each row's total in cents, as computeTotals gives them. */
  itemTotals: Cents[];
  currencySymbol: string;
  formatCents: (cents: Cents) => string;
  /** data-testid of each row. */
  rowTestId?: string;
  /** Per-line VAT category, rate and unit columns (issue 36), behind the form's "Add VAT by line". */
  vatByLine?: boolean;
};

const plainColumns = 'grid-cols-2 sm:grid-cols-[1fr_6rem_8rem_7rem_2.25rem]';
const vatColumns = 'grid-cols-2 sm:grid-cols-[1fr_4.5rem_6.5rem_5.5rem_4.5rem_5.5rem_6rem_2.25rem]';
const selectClassName = `${inputClassName} px-2`;

/**
 * Line items: description, quantity, unit price and the computed line total, for every form that
 * bills by the line. The last row cannot be removed (spec 2.5); totals are shown, never typed.
 */
export function LineItemsEditor<TValues extends WithItems, TOutput>({
  control,
  register,
  errors,
  blankItem,
  itemTotals,
  currencySymbol,
  formatCents,
  rowTestId,
  vatByLine = false,
}: Props<TValues, TOutput>) {
  const columns = vatByLine ? vatColumns : plainColumns;
  // react-hook-form cannot resolve paths on a generic form type; `items` is there by WithItems.
  const { fields, append, remove } = useFieldArray({ control, name: 'items' as ArrayPath<TValues> });
  const path = (index: number, field: ItemField) => `items.${index}.${field}` as Path<TValues>;
  const listError = errors?.message ?? errors?.root?.message;

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Items</legend>
      <div className={`hidden gap-2 px-1 text-xs font-medium text-slate-500 sm:grid ${columns}`}>
        <span>Description</span>
        <span>Quantity</span>
        <span>Unit price</span>
        {vatByLine && (
          <>
            <span>VAT</span>
            <span>Rate %</span>
            <span>Unit</span>
          </>
        )}
        <span className="text-right">Total</span>
        <span className="sr-only">Remove</span>
      </div>
      {fields.map((field, index) => {
        const rowErrors = errors?.[index];
        const messages = itemFields.map((name) => rowErrors?.[name]?.message).filter(Boolean);
        const invalid = (name: ItemField) => (rowErrors?.[name] ? true : undefined);
        return (
          <div key={field.id} className="grid gap-1" data-testid={rowTestId}>
            <div className={`grid gap-2 sm:items-center ${columns}`}>
              <Input
                className="col-span-2 sm:col-span-1"
                placeholder="Description"
                aria-label={`Item ${index + 1} description`}
                aria-invalid={invalid('description')}
                {...register(path(index, 'description'))}
              />
              <Input
                inputMode="decimal"
                aria-label={`Item ${index + 1} quantity`}
                aria-invalid={invalid('quantity')}
                className="text-right tabular-nums"
                {...register(path(index, 'quantity'))}
              />
              <MoneyInput
                currencySymbol={currencySymbol}
                aria-label={`Item ${index + 1} unit price`}
                aria-invalid={invalid('unitPrice')}
                {...register(path(index, 'unitPrice'))}
              />
              {vatByLine && (
                <>
                  <select
                    className={selectClassName}
                    aria-label={`Item ${index + 1} VAT category`}
                    aria-invalid={invalid('taxCategory')}
                    title="VAT category"
                    {...register(path(index, 'taxCategory'))}
                  >
                    {vatCategoryOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  <Input
                    inputMode="decimal"
                    placeholder="Rate %"
                    aria-label={`Item ${index + 1} VAT rate`}
                    aria-invalid={invalid('taxRate')}
                    className="text-right tabular-nums"
                    {...register(path(index, 'taxRate'))}
                  />
                  <select
                    className={selectClassName}
                    aria-label={`Item ${index + 1} unit`}
                    aria-invalid={invalid('unitCode')}
                    {...register(path(index, 'unitCode'))}
                  >
                    <option value="">Unit</option>
                    {unitOptions.map((option) => (
                      <option key={option.code} value={option.code}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </>
              )}
              <output className="text-right text-sm font-medium tabular-nums" aria-label={`Item ${index + 1} total`}>
                {formatCents(itemTotals[index] ?? 0)}
              </output>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                disabled={fields.length === 1}
                aria-label={`Remove item ${index + 1}`}
                title={fields.length === 1 ? 'At least one item is required' : undefined}
              >
                <Trash2 />
              </Button>
            </div>
            {messages.length > 0 && <p className="text-sm text-destructive">{messages.join(' · ')}</p>}
          </div>
        );
      })}
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => append(blankItem() as FieldArray<TValues, ArrayPath<TValues>>)}
      >
        <Plus aria-hidden="true" />
        Add Item
      </Button>
    </fieldset>
  );
}
