import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useMoneyFormat } from '@/lib/money-format';
import type { Invoice } from '@shared/contracts/invoices';
import { type Cents, parseMoney } from '@shared/money';

interface CustomerCreditPosition {
  customerId: string;
  balance: string;
  creditLimit: string | null;
  currency: string;
}

const cents = (value: string | null | undefined): Cents =>
  value ? (parseMoney(value, { round: true }) ?? 0) : 0;

/**
 * The credit limit warning, live while the invoice is typed: the customer's balance (GET
 * /api/customers/{id}/balance; it counts a sent invoice already, so an edited one is taken out
 * first) plus this invoice's amount due, against the customer's credit limit. The server gives
 * the same warning on save; saving is never refused.
 */
export function CreditLimitNotice({
  customerId,
  totalCents,
  invoice,
  customerName,
}: {
  customerId: string | undefined;
  totalCents: Cents;
  invoice: Invoice | null;
  customerName: string | undefined;
}) {
  const { formatCents } = useMoneyFormat();
  const position = useQuery<CustomerCreditPosition>({
    queryKey: [`/api/customers/${customerId ?? ''}/balance`],
    enabled: Boolean(customerId),
  });
  const data = position.data;
  if (!customerId || !data || data.customerId !== customerId || data.creditLimit === null)
    return null;
  const counted =
    invoice &&
    invoice.customerId === customerId &&
    (invoice.status === 'sent' || invoice.status === 'overdue')
      ? cents(invoice.balance)
      : 0;
  const projected =
    cents(data.balance) - counted + totalCents - (invoice ? cents(invoice.amountPaid) : 0);
  const limit = cents(data.creditLimit);
  if (projected <= limit) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900"
      data-testid="credit-limit-warning"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        This invoice takes {customerName ?? 'this customer'} to {formatCents(projected)}, over its
        credit limit of {formatCents(limit)}. You can still save it.
      </span>
    </p>
  );
}
