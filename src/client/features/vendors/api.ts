import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiRequest } from '@/lib/api';
import { navigationCountsKey } from '@/lib/navigation-counts';
import type { VendorTaxProfile, W9BulkResult, W9Request, vendorTaxProfileUpdate } from '@shared/contracts/tax-1099';
import type { Vendor, VendorInput } from '@shared/contracts/vendors';
import type { VendorAchSettings, VendorAchSettingsUpdate } from '@shared/contracts/ach';
import type { z } from 'zod';

export type VendorTaxProfileInput = z.input<typeof vendorTaxProfileUpdate>;

export const VENDORS_URL = '/api/vendors';
export const VENDORS_PAGE_SIZE = 24;

export function useVendors(params: { search: string; offset: number }) {
  const query = { search: params.search, offset: params.offset, limit: VENDORS_PAGE_SIZE };
  return useQuery({
    queryKey: [VENDORS_URL, query],
    queryFn: () => apiList<Vendor>(VENDORS_URL, query),
    placeholderData: keepPreviousData,
  });
}

/** Active vendors for pickers (bill form, approval rules). */
export function useActiveVendors() {
  const query = { includeInactive: false, limit: 200 };
  return useQuery({ queryKey: [VENDORS_URL, query], queryFn: () => apiList<Vendor>(VENDORS_URL, query) });
}

export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: VendorInput }) =>
      id ? apiRequest<Vendor>('PUT', `${VENDORS_URL}/${id}`, input) : apiRequest<Vendor>('POST', VENDORS_URL, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VENDORS_URL] }),
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${VENDORS_URL}/${id}`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [VENDORS_URL] }), queryClient.invalidateQueries({ queryKey: navigationCountsKey })]),
  });
}

const taxProfileKey = (id: string) => [VENDORS_URL, id, 'tax-profile'] as const;

/** A vendor's W-9 and 1099 details (issue 32), the TIN only masked. */
export function useVendorTaxProfile(id: string | null) {
  return useQuery({
    queryKey: taxProfileKey(id ?? ''),
    queryFn: () => apiRequest<VendorTaxProfile>('GET', `${VENDORS_URL}/${id ?? ''}/tax-profile`),
    enabled: Boolean(id),
  });
}

export function useSaveTaxProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorTaxProfileInput) => apiRequest<VendorTaxProfile>('PUT', `${VENDORS_URL}/${id}/tax-profile`, input),
    onSuccess: (profile) => {
      queryClient.setQueryData(taxProfileKey(id), profile);
      return queryClient.invalidateQueries({ queryKey: [VENDORS_URL] });
    },
  });
}

/** Mails the vendor a link to its W-9 form; the open one is revoked. */
export function useRequestW9(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { includePayment: boolean; email?: string | null }) => apiRequest<W9Request>('POST', `${VENDORS_URL}/${id}/w9-requests`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxProfileKey(id) }),
  });
}

/** Mails a W-9 request to every active vendor missing one. */
export function useRequestMissingW9s() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { includePayment: boolean }) => apiRequest<W9BulkResult>('POST', `${VENDORS_URL}/w9-requests`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VENDORS_URL] }),
  });
}

const achSettingsKey = (id: string) => [VENDORS_URL, id, 'ach-settings'] as const;

/** A vendor's ACH remittance addenda and prenote (issue 34). */
export function useVendorAchSettings(id: string | null) {
  return useQuery({
    queryKey: achSettingsKey(id ?? ''),
    queryFn: () => apiRequest<VendorAchSettings>('GET', `${VENDORS_URL}/${id ?? ''}/ach-settings`),
    enabled: Boolean(id),
  });
}

export function useSaveVendorAchSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorAchSettingsUpdate) => apiRequest<VendorAchSettings>('PUT', `${VENDORS_URL}/${id}/ach-settings`, input),
    onSuccess: (saved) => queryClient.setQueryData(achSettingsKey(id), saved),
  });
}
