import { ChevronDown, User as UserIcon } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { fullName, useCurrentUser } from '@/lib/auth';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

const TRIGGER =
  'flex items-center gap-2 rounded-md px-1.5 py-1 text-left outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Profile image (or a placeholder), full name (or 'Account User'), and the sign-out item. Until the
 * first press the header shows a plain button of the same look; the menu (radix dropdown and popper,
 * user-menu-dropdown.tsx) loads then and opens at once, so it is not part of any page's first load.
 * Hovering or focusing the button starts the download early.
 */
export function UserMenu() {
  const { data: user } = useCurrentUser();
  const [armed, setArmed] = useState(false);
  const name = fullName(user);
  const face = (
    <>
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
    </>
  );
  const placeholder = (onClick?: () => void) => (
    <button
      type="button"
      className={TRIGGER}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onClick}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
    >
      {face}
    </button>
  );
  if (!armed) return placeholder(() => setArmed(true));
  return (
    <Suspense fallback={placeholder()}>
      <UserMenuDropdown triggerClassName={TRIGGER}>{face}</UserMenuDropdown>
    </Suspense>
  );
}
