import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { claimChunkReload, isChunkLoadError } from '@/lib/chunk-reload';

export function RouteError() {
  const error = useRouteError();
  // A page's chunk failed to load (a tab older than the last deploy): reload once for the new build.
  const [reloading] = useState(() => isChunkLoadError(error) && claimChunkReload(window.sessionStorage, window.location.pathname));
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) {
    return (
      <main className="mx-auto max-w-lg p-10 text-center" role="status">
        <h1 className="text-2xl font-semibold">Loading the latest version…</h1>
      </main>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong';
  return (
    <main className="mx-auto max-w-lg p-10 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <a className="mt-6 inline-block underline" href="/">
        Back to Home
      </a>
    </main>
  );
}
