import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import type { Invoice } from '@shared/contracts/invoices';
import { Badge } from '@/components/ui/badge';
import { INVOICES_URL } from './api';

/** "Autopay failed": the customer's last automatic charge of this invoice was declined (issue 31); the reason in its title. */
export function AutopayFailureBadge({ invoiceId }: { invoiceId: string }) {
  const { data } = useQuery<Invoice>({ queryKey: [`${INVOICES_URL}/${invoiceId}`] });
  if (!data?.autopayFailure) return null;
  return (
    <Badge variant="destructive" title={data.autopayFailure} data-testid="autopay-failure-badge">
      <CreditCard aria-hidden="true" />
      Autopay failed
    </Badge>
  );
}
