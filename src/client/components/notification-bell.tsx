import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useNavigationCounts } from '@/lib/navigation-counts';

/** The header bell: the user's pending approvals, linking to them. */
export function NotificationBell() {
  const pending = useNavigationCounts()?.pendingApprovals ?? 0;
  return (
    <Link
      to="/approvals"
      className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      aria-label={pending > 0 ? `Notifications: ${pending} pending approvals` : 'Notifications'}
    >
      <Bell className="size-5" aria-hidden="true" />
      {pending > 0 && (
        <span className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-semibold text-white">
          {pending > 99 ? '99+' : pending}
        </span>
      )}
    </Link>
  );
}
