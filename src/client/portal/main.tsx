import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AccountPage } from './account-page';
import { PortalLayout } from './portal-layout';
import { SignInPage } from './sign-in-page';
import { StatementPage } from './statement-page';
import '../styles.css';

/**
 * The customer portal (issue 31): its own entry (portal.html), so a customer never loads the staff
 * app. One customer's session (cookie psid) is the scope of every query.
 */
// The portal's own client: there is no staff workspace here, the portal cookie (one customer of one
// workspace) scopes every query, and the staff app's workspace-following must not load in the portal.
// eslint-disable-next-line no-restricted-syntax
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

const router = createBrowserRouter([
  { path: '/portal/sign-in', element: <SignInPage /> },
  {
    path: '/portal',
    element: <PortalLayout />,
    children: [
      { index: true, element: <AccountPage /> },
      { path: 'statement', element: <StatementPage /> },
      { path: '*', element: <AccountPage /> },
    ],
  },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
