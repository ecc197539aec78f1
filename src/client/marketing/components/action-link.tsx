import { Link } from 'react-router';
import type { Action } from '../content/types';

const base =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

/** Button looks for links; `onDark` picks colours that keep contrast on the dark bands. */
export function actionClass(variant: Action['variant'] = 'primary', onDark = false): string {
  if (variant === 'primary') {
    return onDark
      ? `${base} bg-white text-blue-800 hover:bg-blue-50 focus-visible:outline-white`
      : `${base} bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`;
  }
  return onDark
    ? `${base} border border-white/60 text-white hover:bg-white/10 focus-visible:outline-white`
    : `${base} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 focus-visible:outline-blue-700`;
}

export function ActionLink({
  action,
  onDark = false,
  className = '',
}: {
  action: Action;
  onDark?: boolean;
  className?: string;
}) {
  const classes = `${actionClass(action.variant, onDark)} ${className}`;
  if (action.external) {
    return (
      <a href={action.to} target="_blank" rel="noopener noreferrer" className={classes}>
        {action.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={action.to} className={classes}>
      {action.label}
    </Link>
  );
}

export function ActionRow({ actions, onDark = false }: { actions: Action[]; onDark?: boolean }) {
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) => (
        <ActionLink key={`${action.label}-${action.to}`} action={action} onDark={onDark} />
      ))}
    </div>
  );
}
