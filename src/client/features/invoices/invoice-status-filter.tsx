import { ChevronDownIcon } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import type { InvoiceStatus } from '@shared/contracts/invoice-status';
import { statusLabels } from './invoice-status-badge';

type StatusFilter = InvoiceStatus | 'all';

const loadSelect = () => import('./invoice-status-select');
const InvoiceStatusSelect = lazy(loadSelect);

/**
 * The status filter of the invoice list. Until the first press it is a plain button of the select's
 * look (components/ui/select.tsx SelectTrigger); the radix select and popper load then and open at
 * once, so they are not part of the list's first load (issue 15). Hover or focus starts the download.
 */
export function InvoiceStatusFilter(props: { value: StatusFilter; onValueChange: (value: StatusFilter) => void }) {
  const [armed, setArmed] = useState(false);
  const placeholder = (onClick?: () => void) => (
    <button
      type="button"
      role="combobox"
      aria-label="Filter by status"
      aria-expanded={false}
      aria-controls={undefined}
      onClick={onClick}
      onPointerEnter={() => void loadSelect()}
      onFocus={() => void loadSelect()}
      className="flex h-9 w-44 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/50"
    >
      <span className="line-clamp-1">{props.value === 'all' ? 'All statuses' : statusLabels[props.value]}</span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
  if (!armed) return placeholder(() => setArmed(true));
  return (
    <Suspense fallback={placeholder()}>
      <InvoiceStatusSelect value={props.value} onValueChange={props.onValueChange} />
    </Suspense>
  );
}
