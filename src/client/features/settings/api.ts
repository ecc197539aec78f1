import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contracts/auth';
import type {
  Billing,
  CurrencySettings,
  PasswordChangeInput,
  PlanChangeInput,
  PlanChangeResult,
  PreferencesUpdateInput,
  ProfileUpdateInput,
  UserSettings,
} from '@shared/contracts/settings';
import type { Invitation, InvitationCreateInput, MemberUpdateInput, TeamMember } from '@shared/contracts/team';
import { apiList, apiRequest } from '@/lib/api';
import { userQueryKey } from '@/lib/auth';
import { settingsQueryKey } from '@/lib/money-format';

export const billingQueryKey = ['/api/user/billing'] as const;
export const teamQueryKey = ['/api/team'] as const;
export const invitationsQueryKey = ['/api/team/invitations'] as const;

export function useSettings() {
  return useQuery<UserSettings>({ queryKey: settingsQueryKey });
}

export function useBilling() {
  return useQuery<Billing>({ queryKey: billingQueryKey });
}

/** The currency change refetches the settings, so every amount on screen re-formats. */
export function useUpdateCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currency: string; locale?: string }) => apiRequest<CurrencySettings>('PUT', '/api/user/currency', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => apiRequest<User>('PUT', '/api/user/profile', input),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: settingsQueryKey });
      await queryClient.invalidateQueries({ queryKey: teamQueryKey });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) => apiRequest<void>('PUT', '/api/user/password', input),
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreferencesUpdateInput) => apiRequest<UserSettings>('PUT', '/api/user/preferences', input),
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}

export function useTeam() {
  return useQuery({ queryKey: teamQueryKey, queryFn: () => apiList<TeamMember>('/api/team', { limit: 200 }) });
}

export function useInvitations(enabled: boolean) {
  return useQuery<Invitation[]>({ queryKey: invitationsQueryKey, enabled });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationCreateInput) => apiRequest<Invitation>('POST', '/api/team/invitations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...input }: MemberUpdateInput & { userId: string }) =>
      apiRequest<TeamMember>('PUT', `/api/team/${userId}`, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKey });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>('DELETE', `/api/team/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** Settings > Billing: the firm owner's plan change; recorded at once, or a checkout page to open. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanChangeInput) => apiRequest<PlanChangeResult>('PUT', '/api/settings/billing/plan', input),
    onSuccess: (result) => {
      if (result.status === 'changed') queryClient.setQueryData(billingQueryKey, result.billing);
    },
  });
}
