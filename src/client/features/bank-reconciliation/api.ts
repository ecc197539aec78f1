import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest, withParams } from '@/lib/api';
import type {
  BankStatementSummary,
  BankTransactionsPage,
  BankTransactionsQuery,
  CsvStatementMapping,
  StatementImportResult,
  StatementPreview,
} from '@shared/contracts/bank-reconciliation';

/** Query keys: every list of lines starts with 'bank-transactions', every import history with 'bank-statements'. */
export const bankTransactionsKey = (bankAccountId: string, query?: Partial<BankTransactionsQuery>) =>
  query ? (['bank-transactions', bankAccountId, query] as const) : (['bank-transactions', bankAccountId] as const);
export const bankStatementsKey = (bankAccountId: string) => ['bank-statements', bankAccountId] as const;

const accountUrl = (bankAccountId: string) => `/api/bank-accounts/${bankAccountId}`;

export function useBankTransactions(bankAccountId: string, query: BankTransactionsQuery) {
  return useQuery({
    queryKey: bankTransactionsKey(bankAccountId, query),
    queryFn: () => apiRequest<BankTransactionsPage>('GET', withParams(`${accountUrl(bankAccountId)}/transactions`, query)),
    placeholderData: keepPreviousData,
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

export function useImportStatement(bankAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementFile) => apiRequest<StatementImportResult>('POST', `${accountUrl(bankAccountId)}/statements`, statementForm(input)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bank-transactions'] }),
        queryClient.invalidateQueries({ queryKey: ['bank-statements'] }),
      ]);
    },
  });
}
