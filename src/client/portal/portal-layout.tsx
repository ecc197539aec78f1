import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import type { PortalAccount } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiRequest } from '@/lib/api';
import { cn } from '@/lib/utils';
import { isSessionEnded, rememberBrand, usePortalAccount } from './api';
import { safeColor, textOn } from './brand';
import { SessionEnded } from './session-ended';

export interface PortalOutletContext {
  account: PortalAccount;
}

/** The portal's frame: the organization's header in its colour, the two pages, sign out. */
export function PortalLayout() {
  const account = usePortalAccount();
  const queryClient = useQueryClient();
  const [signedOut, setSignedOut] = useState(false);
  const brandName = account.data?.brand.name;
  useEffect(() => {
    if (brandName) {
      rememberBrand(brandName);
      document.title = `${brandName}: your account`;
    }
  }, [brandName]);

  if (signedOut || isSessionEnded(account.error)) return <SessionEnded />;
  if (account.isError) {
    return (
      <main className="mx-auto max-w-md p-6 text-center" role="alert">
        The portal could not be loaded. Try again in a moment.
      </main>
    );
  }
  if (!account.data) {
    return (
      <div className="mx-auto max-w-5xl space-y-4 p-4" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const { brand } = account.data;
  const color = safeColor(brand.primaryColor);
  const foreground = textOn(color);
  const signOut = async () => {
    await apiRequest('POST', '/api/portal/logout').catch(() => undefined);
    queryClient.clear();
    setSignedOut(true);
  };
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-1.5 text-sm font-medium', isActive ? 'bg-white/20' : 'opacity-80 hover:opacity-100');
  return (
    <div className="min-h-svh bg-muted/30">
      <header style={{ backgroundColor: color, color: foreground }}>
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="flex min-w-0 flex-1 items-center gap-3">
            {brand.logoUrl ? <img src={brand.logoUrl} alt="" className="size-9 shrink-0 rounded bg-white object-contain p-0.5" /> : null}
            <div className="min-w-0">
              <div className="truncate text-lg font-semibold" data-testid="portal-brand">
                {brand.name}
              </div>
              {brand.firmName ? <div className="truncate text-xs opacity-80">Managed by {brand.firmName}</div> : null}
            </div>
          </div>
          <Button variant="ghost" size="sm" onClick={() => void signOut()} style={{ color: foreground }} className="hover:bg-white/20">
            <LogOut aria-hidden />
            Sign out
          </Button>
          <nav className="flex w-full gap-1" aria-label="Portal">
            <NavLink to="/portal" end className={tab}>
              Account
            </NavLink>
            <NavLink to="/portal/statement" className={tab}>
              Statement
            </NavLink>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-4 px-4 py-5">
        <p className="text-sm text-muted-foreground">
          Signed in for <span className="font-medium text-foreground">{account.data.customer.name}</span>
        </p>
        <Outlet context={{ account: account.data } satisfies PortalOutletContext} />
      </main>
    </div>
  );
}
