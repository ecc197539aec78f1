import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest, withParams } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { BankAccountDetail } from '@shared/contracts/bank-accounts';
import type {
  BankRule,
  BankStatementSummary,
  BankSuggestions,
  BankTransaction,
  BankTransactionStatus,
  BankTransactionsPage,
  CsvStatementMapping,
  StatementImportResult,
  StatementPreview,
} from '@shared/contracts/bank-reconciliation';
import type { Bill } from '@shared/contracts/bills';
import type { Invoice } from '@shared/contracts/invoices';
import type { Vendor } from '@shared/contracts/vendors';

export const BANK_LINES_PAGE_SIZE = 25;
export const BANK_RULES_PAGE_SIZE = 50;
export const bankTransactionsKey = 'bank-transactions';
export const bankSuggestionsKey = 'bank-suggestions';
export const bankRulesKey = 'bank-rules';
/** Every import history starts with 'bank-statements'. */
export const bankStatementsKey = (bankAccountId: string) => ['bank-statements', bankAccountId] as const;

const accountUrl = (id: string) => `/api/bank-accounts/${id}`;

/** The account shown in the matching screen's header. */
export function useBankAccountDetail(id: string) {
  return useQuery<BankAccountDetail>({ queryKey: [accountUrl(id)] });
}

export function useBankTransactions(
  accountId: string,
  params: { status: BankTransactionStatus; search: string; offset: number },
) {
  const query = { ...params, limit: BANK_LINES_PAGE_SIZE };
  return useQuery({
    queryKey: [bankTransactionsKey, accountId, query],
    queryFn: () =>
      apiRequest<BankTransactionsPage>('GET', withParams(`${accountUrl(accountId)}/transactions`, query)),
    placeholderData: keepPreviousData,
  });
}

export function useBankSuggestions(transactionId: string | null) {
  return useQuery({
    queryKey: [bankSuggestionsKey, transactionId],
    queryFn: () =>
      apiRequest<BankSuggestions>('GET', `/api/bank-transactions/${transactionId ?? ''}/suggestions`),
    enabled: transactionId !== null,
  });
}

const movedByMatching = ['/api/invoices', '/api/bills', '/api/payments', '/api/payment-runs', '/api/dashboard', '/api/bank-accounts'];

/** A match or its undo moves the lines, their suggestions, invoices, bills, payments and the dashboard. */
export function useInvalidateBanking() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        predicate: (query) => {
          const key = query.queryKey[0];
          if (key === bankTransactionsKey || key === bankSuggestionsKey) return true;
          return typeof key === 'string' && movedByMatching.some((prefix) => key.startsWith(prefix));
        },
      }),
      queryClient.invalidateQueries({ queryKey: navigationCountsKey }),
    ]);
}

/** The request of POST /api/bank-transactions/{id}/match, amounts as decimal strings. */
export type MatchRequest =
  | { suggestionKey: string }
  | { invoices: Array<{ invoiceId: string; amount: string }>; keepExcessAsCredit?: boolean };

export function useMatchLine() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MatchRequest }) =>
      apiRequest<BankTransaction>('POST', `/api/bank-transactions/${id}/match`, body),
    onSettled: invalidate,
  });
}

export function useUnmatchLine() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: (id: string) => apiRequest<BankTransaction>('DELETE', `/api/bank-transactions/${id}/match`),
    onSettled: invalidate,
  });
}

export type CreateFromLineRequest =
  | { kind: 'invoice_payment'; invoiceId: string }
  | { kind: 'bill_payment'; billId: string }
  | { kind: 'expense'; vendorId: string; category: string; memo?: string | undefined };

export function useCreateFromLine() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateFromLineRequest }) =>
      apiRequest<BankTransaction>('POST', `/api/bank-transactions/${id}/create`, body),
    onSettled: invalidate,
  });
}

export function useExcludeLine() {
  const invalidate = useInvalidateBanking();
  return useMutation({
    mutationFn: ({ id, as }: { id: string; as: 'transfer' | 'excluded' }) =>
      apiRequest<BankTransaction>('POST', `/api/bank-transactions/${id}/exclude`, { as }),
    onSettled: invalidate,
  });
}

export const BANK_RULES_URL = '/api/bank-rules';

export function useBankRules(offset: number) {
  const query = { limit: BANK_RULES_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [bankRulesKey, query],
    queryFn: () => apiList<BankRule>(BANK_RULES_URL, query),
    placeholderData: keepPreviousData,
  });
}

/** A rule as the API takes it: amounts as decimal strings. */
export interface BankRuleRequest {
  name: string;
  bankAccountId: string | null;
  descriptionContains: string | null;
  direction: BankRule['direction'];
  amountMin: string | null;
  amountMax: string | null;
  action: BankRule['action'];
  vendorId: string | null;
  category: string | null;
  minConfidence: number;
  isActive: boolean;
}

function useInvalidateRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [bankRulesKey] });
}

export function useSaveRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: BankRuleRequest }) =>
      id
        ? apiRequest<BankRule>('PUT', `${BANK_RULES_URL}/${id}`, body)
        : apiRequest<BankRule>('POST', BANK_RULES_URL, body),
    onSuccess: invalidate,
  });
}

export function useDeleteRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${BANK_RULES_URL}/${id}`),
    onSuccess: invalidate,
  });
}

/** POST /api/bank-rules/from-transaction/{id}: the rule the server proposes from a matched line. */
export function useProposeRule() {
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiRequest<Partial<BankRuleRequest>>('POST', `${BANK_RULES_URL}/from-transaction/${transactionId}`),
  });
}

/** Open invoices (sent or overdue) for matching a deposit by hand. */
export function useOpenInvoices(search: string, enabled: boolean) {
  const base = { search, limit: 25 };
  const sent = useQuery({
    queryKey: ['/api/invoices', { ...base, status: 'sent' }],
    queryFn: () => apiList<Invoice>('/api/invoices', { ...base, status: 'sent' }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const overdue = useQuery({
    queryKey: ['/api/invoices', { ...base, status: 'overdue' }],
    queryFn: () => apiList<Invoice>('/api/invoices', { ...base, status: 'overdue' }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const items = [...(overdue.data?.items ?? []), ...(sent.data?.items ?? [])];
  return { items, isPending: sent.isPending || overdue.isPending, error: sent.error ?? overdue.error };
}

/** Unpaid bills (received or overdue) for recording a bill payment from a debit. */
export function useOpenBills(search: string, enabled: boolean) {
  const base = { search, limit: 25 };
  const received = useQuery({
    queryKey: ['/api/bills', { ...base, status: 'received' }],
    queryFn: () => apiList<Bill>('/api/bills', { ...base, status: 'received' }),
    enabled,
  });
  const overdue = useQuery({
    queryKey: ['/api/bills', { ...base, status: 'overdue' }],
    queryFn: () => apiList<Bill>('/api/bills', { ...base, status: 'overdue' }),
    enabled,
  });
  return [...(overdue.data?.items ?? []), ...(received.data?.items ?? [])];
}

export function useVendorOptions(enabled: boolean) {
  const query = { limit: 200 };
  return useQuery({
    queryKey: ['/api/vendors', query],
    queryFn: () => apiList<Vendor>('/api/vendors', query),
    enabled,
  });
}

export function useBankStatements(bankAccountId: string, offset = 0, limit = 20) {
  return useQuery({
    queryKey: [...bankStatementsKey(bankAccountId), { offset, limit }],
    queryFn: () => apiList<BankStatementSummary>(`${accountUrl(bankAccountId)}/statements`, { offset, limit }),
    placeholderData: keepPreviousData,
  });
}

export interface StatementFile {
  file: File;
  mapping?: CsvStatementMapping;
  confirmAccount?: boolean;
}

function statementForm({ file, mapping, confirmAccount }: StatementFile): FormData {
  const form = new FormData();
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (confirmAccount) form.append('confirmAccount', 'true');
  form.append('file', file);
  return form;
}

export function usePreviewStatement(bankAccountId: string) {
  return useMutation({
    mutationFn: (file: File) => apiRequest<StatementPreview>('POST', `${accountUrl(bankAccountId)}/statements/preview`, statementForm({ file })),
  });
}

/** An import adds lines (some matched by rules): the lines, suggestions, history and the account's last import move. */
export function useImportStatement(bankAccountId: string) {
  const invalidate = useInvalidateBanking();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementFile) => apiRequest<StatementImportResult>('POST', `${accountUrl(bankAccountId)}/statements`, statementForm(input)),
    onSuccess: async () => {
      await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['bank-statements'] })]);
    },
  });
}
