import { ChevronDown, LogOut, Settings, User as UserIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { fullName, useCurrentUser, useLogout } from '@/lib/auth';

/** Profile image (or a placeholder), full name (or 'Account User'), and the sign-out item. */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const name = fullName(user);
  const signOut = () => logout.mutate(undefined, { onSuccess: () => navigate('/auth', { replace: true }) });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-md px-1.5 py-1 text-left outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring">
        {user?.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span className="flex size-8 items-center justify-center rounded-full bg-slate-200 text-slate-600" aria-hidden="true">
            <UserIcon className="size-4" />
          </span>
        )}
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:block">{name}</span>
        <ChevronDown className="hidden size-4 text-slate-500 sm:block" aria-hidden="true" />
        <span className="sr-only sm:hidden">{name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56">
        <DropdownMenuLabel>
          <span className="block truncate">{name}</span>
          {user && <span className="block truncate text-xs font-normal text-slate-500">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={logout.isPending} onSelect={signOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
