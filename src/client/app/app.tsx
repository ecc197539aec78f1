import { RouterProvider } from 'react-router';
import { router } from './router';

/**
 * Only React and the router load up front. Data, toasts and tooltips come with the providers
 * layout (app-providers.tsx), which public content pages never load.
 */
export function App() {
  return <RouterProvider router={router} />;
}
