import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TwoFactorConfirmInput,
  TwoFactorDisableInput,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@shared/contracts/two-factor';
import { apiRequest } from '@/lib/api';
import { settingsQueryKey } from '@/lib/money-format';

/** Two-factor state lives on the server; the settings query shows it, so every change refetches it. */
function useTwoFactorMutation<TInput, TResult>(request: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}

export const useStartTwoFactorEnrolment = () =>
  useTwoFactorMutation(() =>
    apiRequest<TwoFactorEnrolment>('POST', '/api/user/two-factor/enrolment'),
  );

export const useConfirmTwoFactor = () =>
  useTwoFactorMutation((input: TwoFactorConfirmInput) =>
    apiRequest<TwoFactorStatus>('POST', '/api/user/two-factor/confirm', input),
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((input: TwoFactorDisableInput) =>
    apiRequest<TwoFactorStatus>('POST', '/api/user/two-factor/disable', input),
  );

export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation((input: TwoFactorConfirmInput) =>
    apiRequest<RecoveryCodes>('POST', '/api/user/two-factor/recovery-codes', input),
  );
