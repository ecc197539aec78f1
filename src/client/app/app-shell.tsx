import { Loader2 } from 'lucide-react';
import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '@/lib/auth';

/** Guard plus shell for every protected route: spinner while the session loads, /auth when signed out. */
export function AppShell() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <div className="flex h-screen items-center justify-center" role="status" aria-label="Loading">
        <Loader2 className="h-8 w-8 animate-spin text-slate-500" />
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  return (
    <div className="flex min-h-screen bg-slate-50">
      <main className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
