import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

export type Decision = 'approve' | 'reject' | 'batch';

interface Props {
  decision: Decision | null;
  /** What is being decided, e.g. "BILL-12 from Acme Paper ($1,200.00)" or "3 requests". */
  subject: string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (comments: string) => void;
}

const copy: Record<Decision, { title: string; action: string }> = {
  approve: { title: 'Approve Request', action: 'Approve' },
  reject: { title: 'Reject Request', action: 'Reject' },
  batch: { title: 'Approve Selected Requests', action: 'Approve All' },
};

/**
 * Comments are optional to approve and required to reject (the server enforces it too). Used by
 * the Approvals page and the practice's Approval Queue.
 */
export function DecisionDialog({ decision, subject, pending, onOpenChange, onConfirm }: Props) {
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (decision) {
      setComments('');
      setError(undefined);
    }
  }, [decision]);
  const rejecting = decision === 'reject';
  const text = decision ? copy[decision] : copy.approve;

  const submit = () => {
    if (rejecting && !comments.trim()) {
      setError('A comment is required to reject');
      return;
    }
    onConfirm(comments.trim());
  };

  return (
    <Dialog open={decision !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{subject}</DialogDescription>
        </DialogHeader>
        <Field label={rejecting ? 'Comments (required)' : 'Comments (optional)'} required={rejecting} error={error} description="Ctrl+Enter to confirm">
          <Textarea
            rows={4}
            value={comments}
            placeholder={rejecting ? 'Tell the bill’s author what to fix' : 'Anything the team should know'}
            onChange={(event) => {
              setComments(event.target.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              // Ctrl+Enter (or Cmd+Enter) confirms without leaving the keyboard.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !pending) {
                event.preventDefault();
                submit();
              }
            }}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant={rejecting ? 'destructive' : 'default'} onClick={submit} disabled={pending}>
            {pending ? 'Saving…' : text.action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
