import type { PaymentMethod, PaymentStatus } from '@shared/contracts/payments';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

// Spec 4: ach, wire, check and card in upper case with their own colour; anything else gray.
const methodVariant: Partial<Record<string, BadgeVariant>> = { ach: 'info', wire: 'default', check: 'warning', card: 'success' };

export function MethodBadge({ method }: { method: PaymentMethod | string | null }) {
  if (!method) return null;
  return (
    <Badge variant={methodVariant[method] ?? 'secondary'} className="uppercase">
      {method}
    </Badge>
  );
}

const statusVariant: Record<PaymentStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'info',
  sent: 'info',
  completed: 'success',
  failed: 'destructive',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={statusVariant[status]} className="capitalize">
      {status}
    </Badge>
  );
}
