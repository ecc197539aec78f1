import { type ComponentProps, useState } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** Spec 9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Not needed any more: every Tooltip brings its own provider (below), so that the radix tooltip and
 * popper load only with the screens that show one (issue 15: the first load). Kept for screens
 * that want to group tooltips explicitly.
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={delayDuration}
      skipDelayDuration={skipDelayDuration}
      {...props}
    />
  );
}

/** When the last tooltip closed: another one opened within the skip delay opens at once (spec 9). */
let lastClosedAt = 0;

/**
 * A tooltip with its own provider: the delays of spec 9 (700 ms; moving to another trigger within
 * 300 ms of a close skips the delay, tracked across every tooltip on the page by lastClosedAt).
 */
export function Tooltip({ onOpenChange, children, ...props }: ComponentProps<typeof TooltipPrimitive.Root>) {
  const [delay, setDelay] = useState(TOOLTIP_DELAY_MS);
  return (
    <TooltipPrimitive.Provider delayDuration={delay} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root
        {...props}
        onOpenChange={(open) => {
          if (!open) lastClosedAt = Date.now();
          onOpenChange?.(open);
        }}
      >
        <span className="contents" onPointerEnter={() => setDelay(Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS)}>
          {children}
        </span>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-balance text-primary-foreground data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-primary" />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
