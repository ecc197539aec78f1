import { Badge, type BadgeVariant } from '@/components/ui/badge';

const variants: Record<string, BadgeVariant> = { ach: 'info', wire: 'default', check: 'warning', card: 'success' };

/** Spec 4: ach, wire, check and card in upper case; anything else gray. */
export function PaymentMethodBadge({ method }: { method: string }) {
  return <Badge variant={variants[method] ?? 'secondary'}>{method.toUpperCase()}</Badge>;
}
