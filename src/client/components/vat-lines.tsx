import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { type VatCategory, vatCategories, vatCategoryLabels } from '@shared/einvoice-codes';
import type { Cents } from '@shared/money';
import { type VatBreakdown, vatOfLines } from '@shared/vat';

/** The short list of UN/ECE Rec 20 units offered by the forms (issue 36); '' leaves the unit out. */
export const unitOptions: readonly { code: string; label: string }[] = [
  { code: 'C62', label: 'each' },
  { code: 'HUR', label: 'hour' },
  { code: 'DAY', label: 'day' },
  { code: 'KGM', label: 'kg' },
  { code: 'MTR', label: 'metre' },
  { code: 'LTR', label: 'litre' },
  { code: 'H87', label: 'piece' },
  { code: 'MON', label: 'month' },
];

export const vatCategoryOptions = vatCategories.map((code) => ({ value: code, label: `${code} · ${vatCategoryLabels[code]}` }));

type PreviewLine = { taxCategory?: VatCategory | null | undefined; taxRate?: unknown };

const RATE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * The VAT by rate the server will compute (shared/vat.ts, the same function), over what the form
 * holds now; half-typed rates count as 0 until the contract reports them on submit.
 */
export function previewVat(items: readonly PreviewLine[] | undefined, itemTotals: readonly Cents[], discount: Cents): VatBreakdown | null {
  const lines = (items ?? []).map((item) => {
    const rate = typeof item.taxRate === 'string' || typeof item.taxRate === 'number' ? String(item.taxRate).trim() : '';
    return { taxCategory: item.taxCategory || null, taxRate: RATE.test(rate) ? rate : null };
  });
  return vatOfLines(lines, itemTotals, discount);
}

/** Whether stored lines carry VAT detail: the form then opens with VAT by line on. */
export const hasLineVat = (items: readonly PreviewLine[]): boolean => items.some((item) => Boolean(item.taxCategory));

/** The "Add VAT by line" switch: off keeps the single Tax field (US users), on adds VAT and Unit columns. */
export function VatByLineToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="text-sm font-normal">
        Add VAT by line
      </Label>
    </div>
  );
}

/** The VAT breakdown under the totals: one row per category and rate (BG-23). */
export function VatBreakdownTable({ breakdown, formatCents }: { breakdown: VatBreakdown; formatCents: (cents: Cents) => string }) {
  return (
    <table className="w-full text-xs tabular-nums" aria-label="VAT breakdown" data-testid="vat-breakdown">
      <thead className="text-slate-500">
        <tr>
          <th className="text-left font-medium">VAT rate</th>
          <th className="text-right font-medium">Taxable</th>
          <th className="text-right font-medium">VAT</th>
        </tr>
      </thead>
      <tbody>
        {breakdown.groups.map((group) => (
          <tr key={`${group.category}|${group.rate}`}>
            <td>
              {group.category} {Number(group.rate)}%
            </td>
            <td className="text-right">{formatCents(group.taxableAmount)}</td>
            <td className="text-right">{formatCents(group.taxAmount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type SwitchableLine = { taxCategory?: VatCategory | null | undefined; taxRate?: string | number | null | undefined; unitCode?: string | null | undefined };

/** The form's lines with VAT by line switched on (every line a category, standard by default) or off (no VAT detail). */
export function switchLineVat<T extends SwitchableLine>(items: readonly T[], on: boolean): T[] {
  return items.map((item) =>
    on
      ? { ...item, taxCategory: item.taxCategory || 'S', taxRate: item.taxRate ?? '', unitCode: item.unitCode ?? '' }
      : { ...item, taxCategory: null, taxRate: null, unitCode: null },
  );
}

/** A line's VAT detail as the API takes it, from the contract's output (null without VAT detail). */
export function lineVatRequest(item: SwitchableLine): { taxCategory: VatCategory | null; taxRate: string | null; unitCode: string | null } {
  const rate = item.taxRate === null || item.taxRate === undefined ? null : String(item.taxRate);
  return { taxCategory: item.taxCategory || null, taxRate: item.taxCategory ? rate : null, unitCode: item.unitCode || null };
}
