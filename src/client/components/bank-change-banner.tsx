import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { apiRequest } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { BankChangeDto } from '@shared/contracts/vendor-bank-changes';

/** "IBAN ending 3000 (was ending 9876)" or "account ending 1234 (no bank details before)". */
export function describeBankChange(change: BankChangeDto): string {
  const isIban = change.ibanLast4 !== null;
  const now = isIban ? `IBAN ending ${change.ibanLast4}` : `account ending ${change.accountLast4 ?? '—'}`;
  const before = isIban ? change.currentIbanLast4 : change.currentAccountLast4;
  const was = before ? `was ending ${before}` : 'none on file before';
  const from = change.billNumber ? ` from invoice ${change.billNumber}` : '';
  return `Bank details changed: ${now} (${was})${from}.`;
}

/**
 * The pending bank details a received e-invoice proposed, for a vendor or a bill, with Approve /
 * Reject: they never reach the vendor without a person (issue 36, invoice fraud).
 */
export function BankChangeBanner({ vendorId, billId }: { vendorId?: string; billId?: string }) {
  const url = billId ? `/api/bills/${billId}/bank-changes` : `/api/vendors/${vendorId ?? ''}/bank-changes`;
  const changes = useQuery<BankChangeDto[]>({ queryKey: [url], enabled: Boolean(billId ?? vendorId) });
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: ({ id, verb }: { id: string; verb: 'approve' | 'reject' }) => apiRequest('POST', `/api/vendor-bank-changes/${id}/${verb}`),
    onSuccess: (_result, { verb }) => {
      toast({ title: verb === 'approve' ? 'Bank details approved' : 'Bank details rejected' });
      return queryClient.invalidateQueries({
        predicate: (query) => ['/api/vendors', '/api/bills'].some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
      });
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
  const pending = (changes.data ?? []).filter((change) => change.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <div className="space-y-2">
      {pending.map((change) => (
        <div key={change.id} role="alert" data-testid="bank-change" className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center">
          <ShieldAlert className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words">{describeBankChange(change)}</p>
            {change.bic && <p className="text-xs">BIC {change.bic}</p>}
            {change.routingNumber && <p className="text-xs">Routing number {change.routingNumber}</p>}
            <p className="text-xs">Confirm with the vendor by phone before approving: a changed account on an invoice is a common fraud.</p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button type="button" size="sm" disabled={decide.isPending} onClick={() => decide.mutate({ id: change.id, verb: 'approve' })}>
              Approve
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ id: change.id, verb: 'reject' })}>
              Reject
            </Button>
          </div>
        </div>
      ))}
    </div>
  );
}
