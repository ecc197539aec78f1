import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VendorFormPage } from './vendor-form-page';
import '../styles.css';

/**
 * The public W-9 page (issue 32): its own entry (vendor-form.html), so a vendor never loads the
 * staff app. The link's token, in the address's fragment, is the only thing it knows.
 */
// No session and no workspace here: the token scopes the one form this page shows.
// eslint-disable-next-line no-restricted-syntax
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false }, mutations: { retry: false } },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <VendorFormPage />
      </QueryClientProvider>
    </StrictMode>,
  );
}
