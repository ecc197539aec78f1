import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import type {
  BankAccount,
  CreateBankAccount,
  UpdateBankAccount,
  VerifyBankAccountResult,
  VerifyMicroDepositsInput,
} from '@shared/contracts/bank-accounts';

export const BANK_ACCOUNTS_URL = '/api/bank-accounts';
export const BANK_ACCOUNTS_PAGE_SIZE = 24;

export function useBankAccounts(offset: number) {
  const query = { limit: BANK_ACCOUNTS_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [BANK_ACCOUNTS_URL, query],
    queryFn: () => apiList<BankAccount>(BANK_ACCOUNTS_URL, query),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateBankAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [BANK_ACCOUNTS_URL] });
}

export function useAddBankAccount() {
  const invalidate = useInvalidateBankAccounts();
  return useMutation({
    mutationFn: (input: CreateBankAccount) =>
      apiRequest<BankAccount>('POST', BANK_ACCOUNTS_URL, input),
    onSuccess: invalidate,
  });
}

export function useUpdateBankAccount() {
  const invalidate = useInvalidateBankAccounts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateBankAccount }) =>
      apiRequest<BankAccount>('PUT', `${BANK_ACCOUNTS_URL}/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteBankAccount() {
  const invalidate = useInvalidateBankAccounts();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${BANK_ACCOUNTS_URL}/${id}`),
    onSuccess: invalidate,
  });
}

export function useVerifyBankAccount() {
  const invalidate = useInvalidateBankAccounts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VerifyMicroDepositsInput }) =>
      apiRequest<VerifyBankAccountResult>('POST', `${BANK_ACCOUNTS_URL}/${id}/verify`, input),
    // A wrong pair changes the attempts left: refresh either way.
    onSettled: invalidate,
  });
}
