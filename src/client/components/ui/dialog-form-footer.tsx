import { Button } from './button';
import { DialogFooter } from './dialog';

/**
 * Cancel and submit for a form in a dialog; the submit reads `pendingLabel` ('Saving…' unless
 * said otherwise) while the request runs.
 */
export function DialogFormFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel = 'Saving…',
  destructive = false,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
