import { useQuery } from '@tanstack/react-query';
import type { PortalAccount, PortalInvoice } from '@shared/contracts/portal';
import type { Statement } from '@shared/contracts/statements';
import { ApiError, apiList, apiRequest, withParams } from '@/lib/api';

/** The portal's queries: one customer's session, so no workspace in the keys (the cookie is the scope). */
export const portalKeys = {
  account: ['portal', 'account'] as const,
  invoices: ['portal', 'invoices'] as const,
  statement: (from: string, to: string) => ['portal', 'statement', from, to] as const,
};

export function usePortalAccount() {
  return useQuery({ queryKey: portalKeys.account, queryFn: () => apiRequest<PortalAccount>('GET', '/api/portal/account') });
}

export function usePortalInvoices(enabled: boolean) {
  return useQuery({
    queryKey: portalKeys.invoices,
    queryFn: () => apiList<PortalInvoice>('/api/portal/invoices', { status: 'all', limit: 200 }),
    enabled,
  });
}

export function usePortalStatement(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: portalKeys.statement(from, to),
    queryFn: () => apiRequest<Statement>('GET', withParams('/api/portal/statement', { from, to })),
    enabled: enabled && Boolean(from && to),
  });
}

export const invoicePdfUrl = (id: string) => `/api/portal/invoices/${encodeURIComponent(id)}/pdf`;
export const statementPdfUrl = (from: string, to: string) => withParams('/api/portal/statement', { from, to, format: 'pdf' });

/** A 401 from any portal read: the session ended (signed out, expired or access revoked). */
export const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

const BRAND_KEY = 'portal.brand';

/** The last organization name seen, so the "session ended" page can still name who to ask. */
export function rememberBrand(name: string): void {
  try {
    window.localStorage.setItem(BRAND_KEY, name);
  } catch {
    // Storage may be off (private mode): the message then says "the business that invited you".
  }
}

export function rememberedBrand(): string | null {
  try {
    return window.localStorage.getItem(BRAND_KEY);
  } catch {
    return null;
  }
}
