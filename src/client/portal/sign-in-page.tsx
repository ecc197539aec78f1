import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api';

const INVALID_LINK = 'This sign-in link is not valid or has expired. Ask for a new one.';

/** The token from the link's fragment (#token=...): never sent to a server by the browser itself. */
function tokenFromHash(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('token');
}

/** /portal/sign-in#token=...: exchanges the mailed token for the portal cookie, then forgets it. */
export function SignInPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useRef(tokenFromHash());
  const signIn = useMutation({
    mutationFn: (value: string) => apiRequest('POST', '/api/portal/session', { token: value }),
    onSuccess: () => {
      queryClient.clear();
      void navigate('/portal', { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    // The token leaves the address bar (and history) whatever happens next.
    window.history.replaceState(null, '', window.location.pathname);
    if (started.current || !token.current) return;
    started.current = true;
    signIn.mutate(token.current);
  }, [signIn]);

  const failed = !token.current || signIn.isError;
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      {failed ? (
        <>
          <h1 className="text-xl font-semibold">Sign-in link not valid</h1>
          <p className="text-muted-foreground" role="alert">
            {signIn.error?.message ?? INVALID_LINK}
          </p>
        </>
      ) : (
        <>
          <Spinner />
          <p className="text-muted-foreground">Signing you in…</p>
        </>
      )}
    </main>
  );
}
