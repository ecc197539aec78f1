import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';
import { StatHintButton } from './stat-hint-button';

/** The tooltip of a StatCard's info button (radix tooltip and popper: loaded only where a card has a hint). */
export default function StatHint(props: { label: string; hint: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <StatHintButton label={props.label} />
      </TooltipTrigger>
      <TooltipContent>{props.hint}</TooltipContent>
    </Tooltip>
  );
}
