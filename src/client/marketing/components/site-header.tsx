import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { HeaderAction } from '../content/types';
import { actionClass } from './action-link';
import { BrandMark } from './brand-mark';

/** The sticky header every public page shares (spec 2.10): logo, Back to Home, one primary button. */
export function SiteHeader({ action = { kind: 'try-free' } }: { action?: HeaderAction }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-bold text-slate-900"
          aria-label="Signal AR home"
        >
          <BrandMark />
          <span className="text-lg whitespace-nowrap max-[359px]:hidden">Signal AR</span>
        </Link>
        <nav aria-label="Site" className="flex items-center gap-1 sm:gap-3">
          <Link
            to="/"
            className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:px-3"
          >
            <ArrowLeft className="hidden size-4 sm:block" aria-hidden="true" />
            Back to Home
          </Link>
          {action.kind === 'visit' ? (
            <a
              href={action.href}
              target="_blank"
              rel="noopener noreferrer"
              className={`${actionClass('primary')} whitespace-nowrap max-sm:px-3`}
            >
              Visit<span className="max-sm:sr-only"> {action.site}</span>
              <ExternalLink className="hidden size-4 sm:block" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <Link
              to="/register-firm"
              className={`${actionClass('primary')} whitespace-nowrap max-sm:px-3`}
            >
              Try Free
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
