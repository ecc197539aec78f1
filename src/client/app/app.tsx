import { RouterProvider } from 'react-router';
import { router } from './router';

/**
 * Only React and the router load up front. Data comes with the providers layout
 * (app-providers.tsx), which public content pages never load; toasts and tooltips load on first use.
 */
export function App() {
  return <RouterProvider router={router} />;
}
