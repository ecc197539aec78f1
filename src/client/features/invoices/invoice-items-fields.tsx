import { Plus, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import type { InvoiceFormValues, InvoiceInput } from '@shared/contracts/invoices';
import type { Cents } from '@shared/money';
import { blankItem } from './invoice-form-values';

type Props = {
  control: Control<InvoiceFormValues, unknown, InvoiceInput>;
  register: UseFormRegister<InvoiceFormValues>;
  errors: FieldErrors<InvoiceFormValues>;
  itemTotals: Cents[];
  currencySymbol: string;
  formatCents: (cents: Cents) => string;
};

/** Line items: description, quantity, unit price; the line total is recalculated as they change. */
export function InvoiceItemsFields({ control, register, errors, itemTotals, currencySymbol, formatCents }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Items</legend>
      <div className="hidden grid-cols-[1fr_6rem_8rem_7rem_2.25rem] gap-2 px-1 text-xs font-medium text-slate-500 sm:grid">
        <span>Description</span>
        <span>Quantity</span>
        <span>Unit price</span>
        <span className="text-right">Total</span>
        <span className="sr-only">Remove</span>
      </div>
      {fields.map((field, index) => {
        const itemErrors = errors.items?.[index];
        const messages = [itemErrors?.description, itemErrors?.quantity, itemErrors?.unitPrice, itemErrors?.totalPrice]
          .map((error) => error?.message)
          .filter(Boolean);
        return (
          <div key={field.id} className="grid gap-1" data-testid="invoice-item">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_6rem_8rem_7rem_2.25rem] sm:items-center">
              <Input
                className="col-span-2 sm:col-span-1"
                placeholder="Description"
                aria-label={`Item ${index + 1} description`}
                aria-invalid={itemErrors?.description ? true : undefined}
                {...register(`items.${index}.description`)}
              />
              <Input
                inputMode="decimal"
                aria-label={`Item ${index + 1} quantity`}
                aria-invalid={itemErrors?.quantity ? true : undefined}
                className="text-right tabular-nums"
                {...register(`items.${index}.quantity`)}
              />
              <MoneyInput
                currencySymbol={currencySymbol}
                aria-label={`Item ${index + 1} unit price`}
                aria-invalid={itemErrors?.unitPrice ? true : undefined}
                {...register(`items.${index}.unitPrice`)}
              />
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
                title={fields.length === 1 ? 'An invoice needs at least one item' : undefined}
              >
                <Trash2 />
              </Button>
            </div>
            {messages.length > 0 && <p className="text-sm text-destructive">{messages.join(' · ')}</p>}
          </div>
        );
      })}
      {itemsError && <p className="text-sm text-destructive">{itemsError}</p>}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => append(blankItem())}>
        <Plus aria-hidden="true" />
        Add Item
      </Button>
    </fieldset>
  );
}
