import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiList, apiRequest, type Page } from '@/lib/api';
import type {
  CreateTransactionRequest,
  CreateTransactionResult,
  DocumentDto,
  DocumentType,
  ReadableDocumentType,
} from '@shared/contracts/documents';
import type { ApiErrorBody } from '@shared/errors';
import type { EinvoiceDocument } from '@shared/contracts/einvoicing';
import type { ApplyToVendorResult, applyToVendorBody } from '@shared/contracts/tax-1099';
import type { z } from 'zod';

type ApplyToVendorBody = z.input<typeof applyToVendorBody>;

export const DOCUMENTS_URL = '/api/documents';
export const DOCUMENTS_PAGE_SIZE = 24;

export interface DocumentListParams {
  documentType?: DocumentType | undefined;
  offset: number;
}

const isBusy = (document: DocumentDto) => document.ocrStatus === 'pending' || document.ocrStatus === 'processing';

/**
 * The documents list. Deliberate exception to the spec's no-polling default (7.1): while any
 * document on screen is pending or processing, re-read every 2 s so the status changes without a
 * reload; polling stops as soon as nothing is in progress.
 */
export function useDocuments(params: DocumentListParams) {
  return useQuery({
    queryKey: [DOCUMENTS_URL, { documentType: params.documentType, offset: params.offset, limit: DOCUMENTS_PAGE_SIZE }],
    queryFn: () => apiList<DocumentDto>(DOCUMENTS_URL, { documentType: params.documentType, offset: params.offset, limit: DOCUMENTS_PAGE_SIZE }),
    refetchInterval: (query: Query<Page<DocumentDto>>) => (query.state.data?.items.some(isBusy) ? 2000 : false),
  });
}

/**
 * Sends the file with XMLHttpRequest rather than fetch: only XHR reports upload progress, which
 * drives the progress bar (`onProgress` gets 0..100).
 */
export function uploadDocumentFile(file: File, documentType: ReadableDocumentType, onProgress: (percent: number) => void): Promise<DocumentDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${DOCUMENTS_URL}/upload`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as DocumentDto);
        return;
      }
      const error = (body ?? {}) as Partial<ApiErrorBody>;
      reject(new ApiError(xhr.status, error.message ?? (xhr.responseText || xhr.statusText || 'Upload failed'), error.code, error.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Upload failed', undefined, undefined));
    xhr.onabort = () => reject(new ApiError(0, 'Upload failed', undefined, undefined));
    const form = new FormData();
    form.append('documentType', documentType);
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadDocument(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; documentType: ReadableDocumentType }) => uploadDocumentFile(input.file, input.documentType, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DOCUMENTS_URL] }),
  });
}

export function useCreateTransaction(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTransactionRequest) =>
      apiRequest<CreateTransactionResult>('POST', `${DOCUMENTS_URL}/${documentId}/create-transaction`, body),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [DOCUMENTS_URL] }),
        queryClient.invalidateQueries({ queryKey: [result.transactionType === 'bill' ? '/api/bills' : '/api/invoices'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/vendors'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
      ]);
    },
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => apiRequest('DELETE', `${DOCUMENTS_URL}/${documentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DOCUMENTS_URL] }),
  });
}

export interface CustomerOption {
  id: string;
  name: string;
}

/** Customers to pick from when creating an invoice (first 200 by the API's order). */
export function useCustomerOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/customers', { limit: 200 }],
    queryFn: () => apiList<CustomerOption>('/api/customers', { limit: 200 }),
    enabled,
  });
}

export interface VendorOption {
  id: string;
  name: string;
}

/** Vendors to apply a W-9 to (first 200 by the API's order). */
export function useVendorOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/vendors', { limit: 200 }],
    queryFn: () => apiList<VendorOption>('/api/vendors', { limit: 200 }),
    enabled,
  });
}

/** POST /api/documents/{id}/apply-to-vendor: dryRun gives the diff, else the vendor is filled. */
export function useApplyW9(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyToVendorBody) => apiRequest<ApplyToVendorResult>('POST', `${DOCUMENTS_URL}/${documentId}/apply-to-vendor`, body),
    onSuccess: async (result) => {
      if (!result.applied) return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['/api/vendors'] }), queryClient.invalidateQueries({ queryKey: [DOCUMENTS_URL] })]);
    },
  });
}

export interface DocumentEinvoice {
  einvoice: EinvoiceDocument;
  /** EN 16931 totals rules the file's figures break, in the rules' words. */
  warnings: string[];
}

/** The e-invoice in an XML document (or embedded in a PDF), read by the server for the viewer. */
export function useDocumentEinvoice(documentId: string, enabled: boolean) {
  return useQuery<DocumentEinvoice>({ queryKey: [`${DOCUMENTS_URL}/${documentId}/einvoice`], enabled });
}
