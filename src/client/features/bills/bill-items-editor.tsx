import { Plus, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import type { BillFormValues, BillInput } from '@shared/contracts/bills';

interface Props {
  control: Control<BillFormValues, unknown, BillInput>;
  register: UseFormRegister<BillFormValues>;
  errors: FieldErrors<BillFormValues>;
  symbol: string;
  formatTotal: (index: number) => string;
}

/** Line items; the last one cannot be removed (spec 2.5). Item totals are computed, not typed. */
export function BillItemsEditor({ control, register, errors, symbol, formatTotal }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Items</legend>
      <div className="hidden grid-cols-[1fr_5rem_8rem_7rem_2.25rem] gap-2 text-xs font-medium text-slate-500 sm:grid">
        <span>Description</span>
        <span>Quantity</span>
        <span>Unit price</span>
        <span className="text-right">Total</span>
        <span />
      </div>
      {fields.map((field, index) => {
        const itemErrors = errors.items?.[index];
        return (
          <div key={field.id} className="grid gap-1">
            <div className="grid grid-cols-[1fr_5rem_8rem_7rem_2.25rem] items-center gap-2">
              <Input aria-label={`Item ${index + 1} description`} aria-invalid={itemErrors?.description ? true : undefined} {...register(`items.${index}.description`)} />
              <Input aria-label={`Item ${index + 1} quantity`} inputMode="decimal" aria-invalid={itemErrors?.quantity ? true : undefined} {...register(`items.${index}.quantity`)} />
              <MoneyInput
                currencySymbol={symbol}
                aria-label={`Item ${index + 1} unit price`}
                aria-invalid={itemErrors?.unitPrice ? true : undefined}
                {...register(`items.${index}.unitPrice`)}
              />
              <span className="text-right text-sm tabular-nums" aria-label={`Item ${index + 1} total`}>
                {formatTotal(index)}
              </span>
              <Button type="button" variant="ghost" size="icon" onClick={() => remove(index)} disabled={fields.length === 1} aria-label={`Remove item ${index + 1}`}>
                <Trash2 />
              </Button>
            </div>
            {(itemErrors?.description ?? itemErrors?.quantity ?? itemErrors?.unitPrice ?? itemErrors?.totalPrice) && (
              <p className="text-sm text-destructive">
                {itemErrors.description?.message ?? itemErrors.quantity?.message ?? itemErrors.unitPrice?.message ?? itemErrors.totalPrice?.message}
              </p>
            )}
          </div>
        );
      })}
      {errors.items?.message && <p className="text-sm text-destructive">{errors.items.message}</p>}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => append({ description: '', quantity: '1', unitPrice: '', totalPrice: '0.00' })}>
        <Plus aria-hidden="true" />
        Add Item
      </Button>
    </fieldset>
  );
}
