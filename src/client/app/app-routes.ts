import type { RouteObject } from 'react-router';

/**
 * The routes of the app, apart from the public site (marketing/routes.tsx). router.tsx arranges
 * them; the accessibility journey (e2e/accessibility.spec.ts) visits every path listed here, so a
 * page added here is checked without another list to keep in step.
 */

/** Lazy page: each page is its own chunk, so the public site never downloads the signed-in app. */
function page(path: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

/** Open to anyone, inside the providers (they post data and show toasts). */
export const publicAppRoutes: RouteObject[] = [
  page('/auth', () => import('@/features/auth/auth-page')),
  page('/auth/reset-password', () => import('@/features/auth/reset-password-page')),
  // /checkout is protected by the spec, but a customer opening a payment link is not signed in:
  // the page itself decides (a link id opens it to the public; otherwise sign-in is required).
  page('/checkout', () => import('@/features/checkout/checkout-page')),
];

/** Signed in, inside the shell (sidebar, header). */
export const appRoutes: RouteObject[] = [
  page('/dashboard', () => import('@/features/dashboard/dashboard-page')),
  page('/invoices', () => import('@/features/invoices/invoices-page')),
  page('/credit-notes', () => import('@/features/credits/credit-notes-page')),
  page('/bills', () => import('@/features/bills/bills-page')),
  page('/vendors', () => import('@/features/vendors/vendors-page')),
  page('/vendors/1099', () => import('@/features/tax-1099/tax-1099-page')),
  page('/customers', () => import('@/features/customers/customers-page')),
  page('/payments', () => import('@/features/payments/payments-page')),
  page('/bank-accounts', () => import('@/features/bank-accounts/bank-accounts-page')),
  page('/bank-accounts/:id', () => import('@/features/bank-reconciliation/bank-account-page')),
  page('/bank-accounts/:id/reconcile', () => import('@/features/bank-reconciliation/reconcile-page')),
  page('/approvals', () => import('@/features/approvals/approvals-page')),
  page('/documents', () => import('@/features/documents/documents-page')),
  page('/reports', () => import('@/features/reports/reports-page')),
  page('/settings', () => import('@/features/settings/settings-page')),
  page('/practice', () => import('@/features/practice/practice-page')),
  page('/practice/queue', () => import('@/features/practice/queue-page')),
  page('/practice/reconciliation', () => import('@/features/practice/reconciliation-queue-page')),
  page('/practice/1099s', () => import('@/features/practice/practice-1099-page')),
  page('/practice/add-client', () => import('@/features/practice/add-client/add-client-page')),
  page('/practice/clients/:id', () => import('@/features/practice/client-details-page')),
  page('/practice/onboard-client', () => import('@/features/practice/onboard-client-page')),
  page('/practice/invoices', () => import('@/features/practice/invoice-hub-page')),
  page('/practice/analytics', () => import('@/features/analytics/analytics-page')),
  page('/practice/integrations', () => import('@/features/integrations/integration-hub-page')),
];

/** Public pages with forms (they post data and show toasts) load the providers; content pages do not. */
export const publicFormPaths = new Set(['/demo', '/contact', '/register-firm']);
