import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import type { BankFeedStatus, BankFeedSyncResult, PlaidLinkToken } from '@shared/contracts/bank-reconciliation';
import { BANK_ACCOUNTS_URL } from './api';

export function useBankFeedStatus() {
  return useQuery<BankFeedStatus>({ queryKey: ['/api/bank-feeds/status'], staleTime: Infinity });
}

/** After a link or a sync the account's balance and last sync changed, and new lines arrived. */
function useFeedChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(BANK_ACCOUNTS_URL) || String(query.queryKey[0]).startsWith('/api/practice') });
}

export function usePlaidLinkToken() {
  return useMutation({ mutationFn: (bankAccountId: string) => apiRequest<PlaidLinkToken>('POST', `${BANK_ACCOUNTS_URL}/${bankAccountId}/plaid/link-token`) });
}

export function useLinkPlaidAccount() {
  const changed = useFeedChanged();
  return useMutation({
    mutationFn: ({ bankAccountId, publicToken, accountId }: { bankAccountId: string; publicToken: string; accountId: string }) =>
      apiRequest<BankFeedSyncResult>('POST', `${BANK_ACCOUNTS_URL}/${bankAccountId}/plaid/exchange`, { public_token: publicToken, account_id: accountId }),
    onSuccess: changed,
  });
}

export function useLinkSandboxAccount() {
  const changed = useFeedChanged();
  return useMutation({
    mutationFn: (bankAccountId: string) => apiRequest<BankFeedSyncResult>('POST', `${BANK_ACCOUNTS_URL}/${bankAccountId}/plaid/sandbox`),
    onSuccess: changed,
  });
}

export function useSyncBankFeed() {
  const changed = useFeedChanged();
  return useMutation({
    mutationFn: (bankAccountId: string) => apiRequest<BankFeedSyncResult>('POST', `${BANK_ACCOUNTS_URL}/${bankAccountId}/plaid/sync`),
    onSuccess: changed,
  });
}
