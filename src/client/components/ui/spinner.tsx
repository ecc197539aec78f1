import { Loader2Icon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Spinning loader with role="status"; `label` is what screen readers hear ("Loading" by default).
 * `className` styles the icon itself (size-8, text-muted-foreground...).
 */
export function Spinner({
  className,
  label = 'Loading',
  ...props
}: Omit<ComponentProps<'span'>, 'children'> & { label?: string }) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className="inline-flex items-center justify-center"
      {...props}
    >
      <Loader2Icon className={cn('size-4 animate-spin', className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
