import { format } from 'date-fns';

/** A sync time as the user reads it ('Nov 24, 2026, 1:05 PM'), or 'Never'. */
export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  return format(new Date(iso), 'MMM d, yyyy, h:mm a');
}
