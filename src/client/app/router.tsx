import { createBrowserRouter } from 'react-router';
import { marketingRoutes } from '@/marketing/routes';
import { appRoutes, publicAppRoutes, publicFormPaths } from './app-routes';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      ...marketingRoutes.filter((route) => !publicFormPaths.has(route.path ?? '')),
      {
        lazy: async () => ({ Component: (await import('./app-providers')).AppProviders }),
        children: [
          ...marketingRoutes.filter((route) => publicFormPaths.has(route.path ?? '')),
          ...publicAppRoutes,
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
