import type { LucideIcon } from 'lucide-react';
import { Suspense, lazy, useRef } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { StatHintButton } from './stat-hint-button';

// The hint's tooltip (radix tooltip and popper) loads only on screens whose cards have a hint.
const StatHint = lazy(() => import('./stat-hint'));

/**
 * A figure on a card (dashboard, approvals). The figure is never cut: it takes the card's whole
 * width and its size follows that width (9% of it, between 16 and 24 px: $999,999,999.99 in bold DejaVu Sans fits
 * in a 4-column row from 1280 px); past that it wraps rather than overflows.
 */
export function StatCard(props: {
  label: string;
  value: string;
  icon: LucideIcon;
  /** Background and text colour of the icon's badge. */
  iconTone: string;
  detail?: string;
  detailTone?: string;
  /** How the figure is defined, in a tooltip on an info button beside the label. */
  hint?: string;
  loading?: boolean;
}) {
  const Icon = props.icon;
  // Focus on the placeholder button moves to the tooltip's trigger once it has loaded.
  const hintFocused = useRef(false);
  return (
    <Card>
      <CardContent className="@container pt-6">
        <div className="flex items-start justify-between gap-3">
          <p className="flex items-center gap-1 text-sm font-medium text-slate-500">
            {props.label}
            {props.hint && (
              <Suspense
                fallback={<StatHintButton label={props.label} onFocus={() => (hintFocused.current = true)} onBlur={() => (hintFocused.current = false)} />}
              >
                <StatHint label={props.label} hint={props.hint} focusedRef={hintFocused} />
              </Suspense>
            )}
          </p>
          <div className={cn('shrink-0 rounded-lg p-2', props.iconTone)}>
            <Icon className="size-5" aria-hidden="true" />
          </div>
        </div>
        {props.loading ? (
          <Skeleton className="mt-1 h-8 w-24" />
        ) : (
          <p
            data-slot="stat-value"
            data-testid={`stat-${props.label}`}
            className="mt-1 text-[clamp(1rem,9cqi,1.5rem)] leading-tight font-semibold text-slate-900 tabular-nums [overflow-wrap:anywhere]"
          >
            {props.value}
          </p>
        )}
        {props.detail && <p className={cn('mt-1 text-sm', props.detailTone ?? 'text-slate-500')}>{props.detail}</p>}
      </CardContent>
    </Card>
  );
}
