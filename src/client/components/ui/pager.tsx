import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';

type PagerProps = {
  total: number;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
  /** `total` is a lower bound ("of 1000+"): the server counted only so far. */
  capped?: boolean | undefined;
  className?: string;
};

/** "Showing 1–20 of 57" with Previous/Next; offset-based to match the API's limit/offset lists. */
export function Pager({ total, limit, offset, onOffsetChange, capped, className }: PagerProps) {
  const first = total === 0 ? 0 : Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  const hasPrevious = offset > 0;
  const hasNext = offset + limit < total;

  return (
    <nav
      aria-label="Pagination"
      data-slot="pager"
      className={cn('flex items-center justify-between gap-4 py-3 text-sm', className)}
    >
      <p className="text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total}{capped ? '+' : null}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasPrevious}
          onClick={() => onOffsetChange(Math.max(0, offset - limit))}
        >
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNext}
          onClick={() => onOffsetChange(offset + limit)}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
