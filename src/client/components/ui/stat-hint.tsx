import { type RefObject, useEffect, useRef } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';
import { StatHintButton } from './stat-hint-button';

/** The tooltip of a StatCard's info button (radix tooltip and popper: loaded only where a card has a hint). */
export default function StatHint(props: { label: string; hint: string; focusedRef: RefObject<boolean> }) {
  const button = useRef<HTMLButtonElement>(null);
  const { focusedRef } = props;
  // The placeholder had focus when this replaced it: give it to the trigger, which opens the tooltip.
  useEffect(() => {
    if (focusedRef.current) button.current?.focus();
  }, [focusedRef]);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <StatHintButton ref={button} label={props.label} />
      </TooltipTrigger>
      <TooltipContent>{props.hint}</TooltipContent>
    </Tooltip>
  );
}
