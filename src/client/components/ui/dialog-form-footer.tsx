import { Button } from './button';
import { DialogFooter } from './dialog';

/** Cancel and submit for a form in a dialog; the submit reads 'Saving…' while the save runs. */
export function DialogFormFooter({
  onCancel,
  pending,
  submitLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </DialogFooter>
  );
}
