import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { ApprovalWorkflow } from '@shared/contracts/approvals';
import { useDeleteWorkflow, useWorkflows } from './api';
import { RuleForm } from './rule-form';

function useTriggerText() {
  const { formatAmount } = useMoneyFormat();
  return (rule: ApprovalWorkflow): string => {
    if (rule.triggerType === 'amount_over') return `Bills over ${formatAmount(rule.triggerValue)}`;
    if (rule.triggerType === 'vendor') return `Bills from ${rule.vendorName ?? 'a removed vendor'}`;
    return 'Every bill';
  };
}

/** Owners and admins manage the rules that send new bills for approval. */
export function RulesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const rules = useWorkflows(open);
  const remove = useDeleteWorkflow();
  const triggerText = useTriggerText();
  const [editing, setEditing] = useState<ApprovalWorkflow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ApprovalWorkflow | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Approval rule deleted' });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not delete the rule', variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setEditing(null);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing === null ? 'Approval Rules' : editing === 'new' ? 'Add Approval Rule' : 'Edit Approval Rule'}</DialogTitle>
          <DialogDescription>New bills that match an active rule wait for its approvers before they can be paid.</DialogDescription>
        </DialogHeader>
        {editing !== null ? (
          <RuleForm rule={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : rules.isLoading ? (
          <Skeleton className="h-32" />
        ) : (rules.data ?? []).length === 0 ? (
          <EmptyState title="No approval rules yet" description="Without rules, bills need no approval." action={<Button onClick={() => setEditing('new')}>Add Rule</Button>} />
        ) : (
          <div className="grid gap-3">
            <ul className="grid gap-2">
              {(rules.data ?? []).map((rule) => (
                <li key={rule.id} className="flex items-start justify-between gap-3 rounded-md border p-3" data-testid="approval-rule">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-medium">{rule.name}</p>
                      {!rule.isActive && <Badge variant="secondary">Inactive</Badge>}
                    </div>
                    <p className="text-sm text-slate-600">
                      {triggerText(rule)} · {rule.requireAllApprovers ? 'all of' : 'any one of'} {rule.approvers.map((person) => person.name).join(', ')}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button variant="ghost" size="icon" onClick={() => setEditing(rule)} aria-label={`Edit ${rule.name}`}>
                      <Pencil />
                    </Button>
                    <Button variant="ghost" size="icon" onClick={() => setDeleting(rule)} aria-label={`Delete ${rule.name}`}>
                      <Trash2 />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            <Button variant="outline" className="w-fit" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add Rule
            </Button>
          </div>
        )}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(next) => !next && setDeleting(null)}
          title="Delete approval rule?"
          description={`${deleting?.name ?? 'This rule'} will no longer apply to new bills. Bills already waiting keep their approvers.`}
          onConfirm={() => void confirmDelete()}
          pending={remove.isPending}
        />
      </DialogContent>
    </Dialog>
  );
}
