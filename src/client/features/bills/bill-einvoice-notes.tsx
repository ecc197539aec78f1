import { AlertTriangle } from 'lucide-react';
import { BankChangeBanner } from '@/components/bank-change-banner';
import { useMoneyFormat } from '@/lib/money-format';
import type { BillDetail } from '@shared/contracts/bills';

/** What a bill read from an e-invoice adds (issue 36): its EN 16931 warnings, bank changes to decide, where to pay. */
export function BillEinvoiceNotes({ bill }: { bill: BillDetail }) {
  const { formatAmount } = useMoneyFormat();
  const facts: [string, string | null][] = [
    ['Payment terms', bill.paymentTerms],
    ['IBAN', bill.paymentIbanLast4 ? `ending ${bill.paymentIbanLast4}` : null],
    ['BIC', bill.paymentBic],
    ['Reference', bill.paymentReference],
    ['Allowances', bill.discountAmount !== '0.00' ? formatAmount(bill.discountAmount) : null],
    ['Prepaid', bill.prepaidAmount !== '0.00' ? formatAmount(bill.prepaidAmount) : null],
  ];
  const shown = facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
  return (
    <div className="min-w-0 space-y-3">
      {bill.einvoiceWarnings.length > 0 && (
        <div role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-semibold">The e-invoice’s figures do not add up (EN 16931); this bill needs approval</p>
            <ul className="list-disc pl-4">
              {bill.einvoiceWarnings.map((warning) => (
                <li key={warning} className="break-words">
                  {warning}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <BankChangeBanner billId={bill.id} />
      {shown.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border bg-slate-50 p-3 text-sm sm:grid-cols-3" aria-label="From the e-invoice">
          {shown.map(([term, value]) => (
            <div key={term} className="min-w-0">
              <dt className="text-xs text-slate-500">{term}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
