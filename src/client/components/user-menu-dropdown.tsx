import { LogOut, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
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

/**
 * The user menu itself (radix dropdown menu and popper), loaded on the first press of the header's
 * button (user-menu.tsx) so that it stays out of every page's first load. It opens at once.
 */
export default function UserMenuDropdown(props: { triggerClassName: string; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const name = fullName(user);
  const signOut = () => logout.mutate(undefined, { onSuccess: () => navigate('/auth', { replace: true }) });

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger className={props.triggerClassName}>{props.children}</DropdownMenuTrigger>
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
