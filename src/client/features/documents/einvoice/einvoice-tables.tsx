import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { EinvoiceDocument } from '@shared/contracts/einvoicing';
import type { Cents } from '@shared/money';
import { formatEinvoiceMoney, formatNetPrice, formatVatCategory } from './einvoice-format';

const sectionTitle = 'mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';

export function EinvoiceLines({ einvoice }: { einvoice: EinvoiceDocument }) {
  const money = (cents: Cents) => formatEinvoiceMoney(cents, einvoice.currency);
  return (
    <section aria-label="Lines">
      <h3 className={sectionTitle}>Lines</h3>
      <Table className="min-w-[36rem]">
        <TableHeader>
          <TableRow>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Net price</TableHead>
            <TableHead>VAT</TableHead>
            <TableHead className="text-right">Line total</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {einvoice.lines.map((line, index) => (
            <TableRow key={`${line.id}-${index}`} data-testid="einvoice-line">
              <TableCell className="whitespace-normal">
                <span className="font-medium">{line.name}</span>
                {line.description && <span className="block text-xs text-slate-500">{line.description}</span>}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {line.quantity} {line.unitCode}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNetPrice(line.netPrice, einvoice.currency)}</TableCell>
              <TableCell>{formatVatCategory(line.vatCategory, line.vatRate)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(line.lineNet)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

export function EinvoiceAllowancesCharges({ einvoice }: { einvoice: EinvoiceDocument }) {
  if (einvoice.allowancesCharges.length === 0) return null;
  return (
    <section aria-label="Allowances and charges">
      <h3 className={sectionTitle}>Allowances and charges</h3>
      <Table className="min-w-[28rem]">
        <TableHeader>
          <TableRow>
            <TableHead>Kind</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>VAT</TableHead>
            <TableHead className="text-right">Amount</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {einvoice.allowancesCharges.map((item, index) => (
            <TableRow key={index}>
              <TableCell>{item.isCharge ? 'Charge' : 'Allowance'}</TableCell>
              <TableCell className="whitespace-normal">{item.reason ?? item.reasonCode ?? '—'}</TableCell>
              <TableCell>{formatVatCategory(item.vatCategory, item.vatRate)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatEinvoiceMoney(item.isCharge ? item.amount : -item.amount, einvoice.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

export function EinvoiceVatBreakdown({ einvoice }: { einvoice: EinvoiceDocument }) {
  const money = (cents: Cents) => formatEinvoiceMoney(cents, einvoice.currency);
  return (
    <section aria-label="VAT breakdown">
      <h3 className={sectionTitle}>VAT breakdown</h3>
      <Table className="min-w-[28rem]">
        <TableHeader>
          <TableRow>
            <TableHead>Category</TableHead>
            <TableHead className="text-right">Taxable amount</TableHead>
            <TableHead className="text-right">VAT</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {einvoice.vatBreakdown.map((group, index) => (
            <TableRow key={index} data-testid="einvoice-vat-group">
              <TableCell className="whitespace-normal">
                {formatVatCategory(group.category, group.rate)}
                {(group.exemptionReason ?? group.exemptionReasonCode) && (
                  <span className="block text-xs text-slate-500">{group.exemptionReason ?? group.exemptionReasonCode}</span>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{money(group.taxableAmount)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(group.taxAmount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

export function EinvoiceTotals({ einvoice }: { einvoice: EinvoiceDocument }) {
  const { totals, currency } = einvoice;
  const rows: [string, Cents, boolean][] = [
    ['Sum of lines', totals.lineTotal, true],
    ['Allowances', -totals.allowanceTotal, totals.allowanceTotal !== 0],
    ['Charges', totals.chargeTotal, totals.chargeTotal !== 0],
    ['Total without VAT', totals.taxExclusive, true],
    ['VAT', totals.taxTotal, true],
    ['Total with VAT', totals.taxInclusive, true],
    ['Prepaid', -totals.prepaid, totals.prepaid !== 0],
    ['Rounding', totals.rounding, totals.rounding !== 0],
  ];
  return (
    <section aria-label="Totals" className="ml-auto w-full max-w-sm">
      <dl className="space-y-1 text-sm">
        {rows
          .filter(([, , shown]) => shown)
          .map(([label, cents]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-slate-500">{label}</dt>
              <dd className="tabular-nums">{formatEinvoiceMoney(cents, currency)}</dd>
            </div>
          ))}
        <div className="flex justify-between gap-4 border-t pt-1 font-semibold">
          <dt>Amount due</dt>
          <dd className="tabular-nums" data-testid="einvoice-amount-due">
            {formatEinvoiceMoney(totals.payable, currency)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
