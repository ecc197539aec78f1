import { useId } from 'react';
import { Label } from './label';
import { Switch } from './switch';

/** One labelled on/off setting with a line of explanation. */
export function ToggleRow(props: { label: string; description: string; checked: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <Label htmlFor={id}>{props.label}</Label>
        <p id={`${id}-description`} className="text-sm text-slate-500">
          {props.description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}
