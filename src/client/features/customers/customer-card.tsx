import { ContactLines, RecordActions, formatAddress } from '@/components/record-card-parts';
import { FileText, Globe, HandCoins, ScrollText, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useMoneyFormat } from '@/lib/money-format';
import type { Customer } from '@shared/contracts/customers';
import { parseMoney } from '@shared/money';

export function CustomerCard({
  customer,
  onEdit,
  onDelete,
  onStatement,
  onPortal,
}: {
  customer: Customer;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the customer's statement of account (issue 31). */
  onStatement?: () => void;
  /** Opens the customer's portal access (issue 31). */
  onPortal?: () => void;
}) {
  const address = formatAddress(customer);
  const { formatAmount } = useMoneyFormat();
  const owes = (parseMoney(customer.currentBalance) ?? 0) > 0;
  // The list carries each customer's unapplied credit (one query for the page, not one per card).
  const credit = parseMoney(customer.unappliedCredit) ?? 0;
  return (
    <Card className={customer.isActive ? '' : 'opacity-70'} data-testid="customer-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="truncate text-base" title={customer.name}>
            {customer.name}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
            {customer.taxId ? (
              <span className="inline-flex items-center gap-1">
                <FileText className="size-3.5" aria-hidden="true" />
                Tax ID {customer.taxId}
              </span>
            ) : (
              <span>No tax ID</span>
            )}
            {!customer.isActive && <Badge variant="secondary">Inactive</Badge>}
          </div>
        </div>
        <RecordActions name={customer.name} onEdit={onEdit} onDelete={onDelete} />
      </CardHeader>
      <CardContent className="space-y-1.5 text-sm text-slate-600">
        <ContactLines email={customer.email} phone={customer.phone} address={address} />
        {owes && (
          <p className="flex items-center gap-2">
            <Wallet className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span>
              Open balance{' '}
              <span className="font-medium tabular-nums text-slate-900">
                {formatAmount(customer.currentBalance)}
              </span>
            </span>
          </p>
        )}
        {onStatement && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onStatement} aria-label={`Statement of ${customer.name}`}>
            <ScrollText aria-hidden="true" />
            Statement
          </Button>
        )}
        {credit > 0 && (
          <p className="flex flex-wrap items-center gap-2" data-testid="customer-credit">
            <HandCoins className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span>
              Unapplied credit{' '}
              <span className="font-medium tabular-nums text-green-700">{formatAmount(customer.unappliedCredit)}</span>
            </span>
            <Button size="sm" variant="link" className="h-auto p-0" asChild>
              <Link to={`/credit-notes?customerId=${customer.id}`} aria-label={`Apply credit of ${customer.name}`}>
                Apply
              </Link>
            </Button>
          </p>
        )}
        {onPortal && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onPortal} aria-label={`Portal of ${customer.name}`}>
            <Globe aria-hidden="true" />
            Portal{customer.hasPortalAccess ? ': on' : ''}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
