import { LogIn } from 'lucide-react';
import { rememberedBrand } from './api';

/** What a signed-out, expired or revoked visitor sees: who to ask for a new link. */
export function SessionEnded() {
  const name = rememberedBrand() ?? 'the business that invited you';
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <LogIn className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">Signed out</h1>
      <p className="text-muted-foreground" role="status">
        Your portal session has ended. Ask {name} to send you a new sign-in link.
      </p>
    </main>
  );
}
