import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import type { ClientDocumentType, Onboarding, OnboardingClient, OnboardingDocument } from '@shared/contracts/onboarding';

export const ONBOARDING_CLIENTS_URL = '/api/practice/onboarding/clients';
export const ONBOARDING_CLIENTS_PAGE_SIZE = 20;
export const onboardingUrl = (clientId: string) => `/api/practice/clients/${encodeURIComponent(clientId)}/onboarding`;

export function useOnboardingClients(offset: number) {
  const query = { limit: ONBOARDING_CLIENTS_PAGE_SIZE, offset };
  return useQuery({
    queryKey: [ONBOARDING_CLIENTS_URL, query],
    queryFn: () => apiList<OnboardingClient>(ONBOARDING_CLIENTS_URL, query),
    placeholderData: keepPreviousData,
  });
}

export function useOnboarding(clientId: string) {
  return useQuery<Onboarding>({ queryKey: [onboardingUrl(clientId)] });
}

/** After a change: the workflow as the server answered it, and the lists that show onboarding progress. */
function useOnboardingChanged(clientId: string) {
  const queryClient = useQueryClient();
  return async (onboarding?: Onboarding) => {
    if (onboarding) queryClient.setQueryData([onboardingUrl(clientId)], onboarding);
    else await queryClient.invalidateQueries({ queryKey: [onboardingUrl(clientId)] });
    await queryClient.invalidateQueries({ queryKey: [ONBOARDING_CLIENTS_URL] });
    await queryClient.invalidateQueries({ queryKey: ['/api/practice/clients'] });
  };
}

/** PUT a step's body: a draft (complete false) or the completed step. */
export function useSaveStep(clientId: string) {
  const changed = useOnboardingChanged(clientId);
  return useMutation({
    mutationFn: ({ step, body }: { step: number; body: unknown }) => apiRequest<Onboarding>('PUT', `${onboardingUrl(clientId)}/steps/${step}`, body),
    onSuccess: (onboarding) => changed(onboarding),
  });
}

export function useUploadClientDocument(clientId: string) {
  const changed = useOnboardingChanged(clientId);
  return useMutation({
    mutationFn: ({ documentType, file }: { documentType: ClientDocumentType; file: File }) => {
      const form = new FormData();
      form.append('documentType', documentType);
      form.append('file', file);
      return apiRequest<OnboardingDocument>('POST', `${onboardingUrl(clientId)}/steps/3/documents`, form);
    },
    onSuccess: () => changed(),
  });
}

export function useCompleteOnboarding(clientId: string) {
  const changed = useOnboardingChanged(clientId);
  return useMutation({
    mutationFn: () => apiRequest<Onboarding>('POST', `${onboardingUrl(clientId)}/complete`),
    onSuccess: (onboarding) => changed(onboarding),
  });
}
