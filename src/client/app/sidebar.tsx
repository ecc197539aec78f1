import {
  BarChart3,
  Briefcase,
  CheckSquare,
  CreditCard,
  FileText,
  FolderOpen,
  LayoutDashboard,
  Landmark,
  type LucideIcon,
  Receipt,
  ReceiptText,
  Settings,
  Sparkles,
  Truck,
  Users,
} from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { useBilling } from '@/features/settings/api';
import { BrandMark } from '@/marketing/components/brand-mark';
import { badgeTitle } from '@/lib/navigation-badges';
import { type NavigationCounts, useNavigationCounts } from '@/lib/navigation-counts';
import { cn } from '@/lib/utils';

interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  badge?: keyof NavigationCounts;
}

/** Spec 2.2's sidebar, with a Dashboard entry on top; badges follow the data. */
export const navEntries: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { label: 'My Practice', to: '/practice', icon: Briefcase, badge: 'clientsInOnboarding' },
  { label: 'Clients', to: '/customers', icon: Users, badge: 'customers' },
  { label: 'Invoices', to: '/invoices', icon: FileText, badge: 'openInvoices' },
  { label: 'Credit Notes', to: '/credit-notes', icon: ReceiptText },
  { label: 'Bills', to: '/bills', icon: Receipt, badge: 'unpaidBills' },
  { label: 'Vendors', to: '/vendors', icon: Truck },
  { label: 'Payments', to: '/payments', icon: CreditCard },
  { label: 'Bank Accounts', to: '/bank-accounts', icon: Landmark },
  { label: 'Approvals', to: '/approvals', icon: CheckSquare, badge: 'pendingApprovals' },
  { label: 'Documents', to: '/documents', icon: FolderOpen },
  { label: 'Reports', to: '/reports', icon: BarChart3 },
  { label: 'Settings', to: '/settings', icon: Settings },
];

/** The root path counts as the dashboard; a section stays active on its sub-pages. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/dashboard' && pathname === '/') return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const counts = useNavigationCounts();
  return (
    <aside
      id="app-sidebar"
      aria-label="Main navigation"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r bg-white transition-transform lg:translate-x-0',
        open ? 'translate-x-0' : '-translate-x-full',
      )}
    >
      <div className="flex h-16 items-center gap-2 border-b px-5">
        <BrandMark className="size-8" />
        <span className="text-lg font-semibold text-slate-900">Signal AR</span>
      </div>
      <nav className="flex-1 overflow-y-auto p-3">
        <ul className="grid gap-1">
          {navEntries.map(({ label, to, icon: Icon, badge }) => {
            const active = isActivePath(pathname, to);
            const count = badge ? (counts?.[badge] ?? 0) : 0;
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    active ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="flex-1">{label}</span>
                  {badge && count > 0 && (
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-semibold',
                        active ? 'bg-blue-100 text-blue-700' : 'bg-slate-100 text-slate-700',
                      )}
                      aria-label={badgeTitle(badge, count)}
                      title={badgeTitle(badge, count)}
                    >
                      {count}
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <UpgradeCard onNavigate={onNavigate} />
    </aside>
  );
}

/**
 * Spec 1: the Upgrade to Pro prompt; it opens Settings > Billing, where the plan is changed. The
 * link is the title (its name stays "Upgrade to Pro"); its overlay makes the whole card clickable.
 * Pro is the Professional plan, so the card is only for an organization still on Starter, and in a
 * firm only for the owner, the one who can change the plan; nothing shows until the plan is known.
 */
function UpgradeCard({ onNavigate }: { onNavigate: () => void }) {
  const { data: billing } = useBilling();
  if (!billing || billing.plan !== 'starter' || (billing.practice && !billing.practice.canChangePlan)) return null;
  return (
    <div className="relative m-3 rounded-lg bg-gradient-to-br from-blue-600 to-indigo-600 p-4 text-white transition-opacity focus-within:ring-2 focus-within:ring-blue-300 focus-within:ring-offset-2 hover:opacity-95">
      <Link
        to="/settings?tab=billing"
        onClick={onNavigate}
        className="flex items-center gap-2 font-semibold outline-none after:absolute after:inset-0 after:rounded-lg"
      >
        <Sparkles className="size-4" aria-hidden="true" />
        Upgrade to Pro
      </Link>
      <p className="mt-1 text-xs text-blue-100">Unlock unlimited invoices and advanced automation.</p>
    </div>
  );
}
