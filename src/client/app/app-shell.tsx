import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { WorkspaceBanner } from '@/components/workspace-banner';
import { BrandMark } from '@/marketing/components/brand-mark';
import { useCurrentUser } from '@/lib/auth';
import { navigationCountsKey } from '@/lib/navigation-counts';
import { Sidebar } from './sidebar';

/**
 * Guard for every protected route: spinner while the session loads, /auth when signed out. The
 * shell below is keyed by the open workspace, so a switch drops every screen of the previous one
 * (its queries, and any server data a component copied into its state) and mounts the new one.
 */
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
  return <WorkspaceShell key={user.organizationId} />;
}

/** The sidebar, the header strip and the page, inside one workspace. */
function WorkspaceShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  // The badges are live: refresh the counts whenever the user moves to another screen.
  useEffect(() => {
    setMenuOpen(false);
    void queryClient.invalidateQueries({ queryKey: navigationCountsKey });
  }, [pathname, queryClient]);

  return (
    <div className="flex min-h-screen bg-slate-50">
      <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen && (
        <div className="fixed inset-0 z-30 bg-black/40 lg:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      )}
      <div className="flex min-w-0 flex-1 flex-col lg:pl-64">
        <div className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-white px-4 lg:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="app-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" /> : <Menu className="size-5" />}
          </Button>
          <BrandMark className="size-7" />
          <span className="font-semibold text-slate-900">Signal AR</span>
        </div>
        <WorkspaceBanner />
        <main className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
