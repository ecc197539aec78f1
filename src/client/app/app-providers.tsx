import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { useToasts } from '@/lib/toast';

// The toast viewport (radix toast) loads with the first toast, not with every page (issue 15).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** Layout route for every page that reads or writes data: the signed-in app, /auth, forms. */
export function AppProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* No TooltipProvider here: each Tooltip brings its own (components/ui/tooltip.tsx), so radix's popper is not in the first load. */}
      <Outlet />
      <LazyToaster />
    </QueryClientProvider>
  );
}
