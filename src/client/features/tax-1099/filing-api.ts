import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiRequest, withParams } from '@/lib/api';
import { fileNameOf, saveDownload } from '@/lib/download';
import type { z } from 'zod';
import type { Tax1099Filing, Tax1099FilingState, Tax1099Settings, Tax1099YearSummary, tax1099SettingsBody } from '@shared/contracts/tax-1099';

export const TAX_1099_URL = '/api/tax/1099';
export const FILINGS_URL = '/api/tax/1099/filings';
export const FILING_SETTINGS_URL = '/api/tax/1099/settings';

export type FilingFormat = 'iris_csv' | 'pub1220';

/** The year's filing state, as the year summary gives it (one row asked, only `filing` is read). */
export function useFilingState(year: number) {
  return useQuery({
    queryKey: [TAX_1099_URL, { year, limit: 1 }],
    queryFn: async (): Promise<Tax1099FilingState> => (await apiRequest<Tax1099YearSummary>('GET', withParams(TAX_1099_URL, { year, limit: 1 }))).filing,
    retry: false,
  });
}

export function useFilings(year: number) {
  return useQuery({ queryKey: [FILINGS_URL, { year }], queryFn: () => apiRequest<Tax1099Filing[]>('GET', withParams(FILINGS_URL, { year })) });
}

export function useFilingSettings() {
  return useQuery({ queryKey: [FILING_SETTINGS_URL], queryFn: () => apiRequest<Tax1099Settings>('GET', FILING_SETTINGS_URL) });
}

export function useSaveFilingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof tax1099SettingsBody>) => apiRequest<Tax1099Settings>('PUT', FILING_SETTINGS_URL, input),
    onSuccess: (saved) => queryClient.setQueryData([FILING_SETTINGS_URL], saved),
  });
}

/** A payee a file would leave out, read from the 409's fields ("Name: reason"). */
export interface LeftOutLine {
  key: string;
  text: string;
}

export function leftOutOf(error: unknown): LeftOutLine[] {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.fields) return [];
  return Object.entries(error.fields)
    .filter(([key]) => key.startsWith('leftOut.'))
    .map(([key, text]) => ({ key, text }));
}

/** Saves a response body as a file in the browser, under the name the server gave. */
async function saveResponse(response: Response, fallbackName: string): Promise<string> {
  const name = fileNameOf(response, fallbackName);
  await saveDownload(response, name);
  return name;
}

export function useDownloadFiling(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { format: FilingFormat; test?: boolean; includePartial?: boolean }) => {
      const response = await apiFetch('GET', withParams(`${TAX_1099_URL}/filing`, { year, format: input.format, test: input.test ? 'true' : undefined, includePartial: input.includePartial ? 'true' : undefined }));
      return saveResponse(response, `1099-${input.format}-${year}`);
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [FILINGS_URL] }), queryClient.invalidateQueries({ queryKey: [TAX_1099_URL] })]),
  });
}

export function useMarkFiled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Tax1099Filing>('POST', `${FILINGS_URL}/${id}/filed`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: [FILINGS_URL] }), queryClient.invalidateQueries({ queryKey: [TAX_1099_URL] })]),
  });
}
