import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiList, apiRequest } from '@/lib/api';
import { fileNameOf, saveDownload } from '@/lib/download';
import type { AchProfile, AchProfileUpdate, PendingPrenotes } from '@shared/contracts/ach';
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

const achProfileUrl = (id: string) => `${BANK_ACCOUNTS_URL}/${id}/ach-profile`;

/** The account's ACH settings and what an export still needs. */
export function useAchProfile(id: string | null) {
  return useQuery({
    queryKey: [BANK_ACCOUNTS_URL, id, 'ach-profile'],
    queryFn: () => apiRequest<AchProfile>('GET', achProfileUrl(id ?? '')),
    enabled: id !== null,
  });
}

export function useSaveAchProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AchProfileUpdate }) =>
      apiRequest<AchProfile>('PUT', achProfileUrl(id), input),
    onSuccess: (saved) => {
      queryClient.setQueryData([BANK_ACCOUNTS_URL, saved.bankAccountId, 'ach-profile'], saved);
      // Payment runs show how their ACH payments complete, which these settings decide.
      return queryClient.invalidateQueries({ queryKey: ['/api/payment-runs'] });
    },
  });
}

const prenotesKey = (id: string | null) => [BANK_ACCOUNTS_URL, id, 'ach-prenotes'];

/** The vendors whose prenote waits for a file (the organization's, offered from this account). */
export function usePendingPrenotes(id: string | null) {
  return useQuery({
    queryKey: prenotesKey(id),
    queryFn: () => apiRequest<PendingPrenotes>('GET', `${BANK_ACCOUNTS_URL}/${id ?? ''}/ach-prenotes/pending`),
    enabled: id !== null,
  });
}

/** Downloads the prenote file; its prenotes become sent, so the vendors' settings change too. */
export function useDownloadPrenoteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await apiFetch('GET', `${BANK_ACCOUNTS_URL}/${id}/ach-prenotes`);
      await saveDownload(response, fileNameOf(response, 'prenotes.ach.txt'));
    },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: prenotesKey(id) }),
        queryClient.invalidateQueries({ queryKey: ['/api/vendors'] }),
      ]),
  });
}
