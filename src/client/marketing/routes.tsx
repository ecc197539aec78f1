import type { RouteObject } from 'react-router';

function NotFound() {
  return (
    <main className="p-10 text-center">
      <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
    </main>
  );
}

function Landing() {
  return (
    <main className="p-10">
      <h1 className="text-3xl font-semibold">Signal AR</h1>
      <a href="/auth">Sign in</a>
    </main>
  );
}

export const marketingRoutes: RouteObject[] = [
  { path: '/', Component: Landing },
  { path: '*', Component: NotFound },
];
