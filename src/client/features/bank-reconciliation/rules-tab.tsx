import { ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import type { BankRule } from '@shared/contracts/bank-reconciliation';
import { BANK_RULES_PAGE_SIZE, useBankRules, useDeleteRule } from './api';
import { RuleFormDialog } from './rule-form-dialog';

/** "Description contains "ACME" · deposits · $100.00 to $500.00 · this account" */
function useRuleConditions() {
  const { formatAmount } = useMoneyFormat();
  return (rule: BankRule, accountId: string) => {
    const parts: string[] = [];
    if (rule.descriptionContains) parts.push(`Description contains "${rule.descriptionContains}"`);
    if (rule.direction !== 'any') parts.push(rule.direction === 'deposit' ? 'deposits' : 'debits');
    if (rule.amountMin != null && rule.amountMax != null)
      parts.push(`${formatAmount(rule.amountMin)} to ${formatAmount(rule.amountMax)}`);
    else if (rule.amountMin != null) parts.push(`from ${formatAmount(rule.amountMin)}`);
    else if (rule.amountMax != null) parts.push(`up to ${formatAmount(rule.amountMax)}`);
    if (rule.bankAccountId) parts.push(rule.bankAccountId === accountId ? 'this account' : 'another account');
    return parts.join(' · ');
  };
}

function ruleOutcome(rule: BankRule): string {
  const who = [rule.vendorName, rule.category].filter(Boolean).join(', ');
  if (rule.action === 'auto_match') return `Match automatically at ${rule.minConfidence}% or more${who ? ` · ${who}` : ''}`;
  return `Categorize${who ? ` as ${who}` : ''}`;
}

export function RulesTab({ bankAccountId }: { bankAccountId: string }) {
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<BankRule | 'new' | null>(null);
  const [removing, setRemoving] = useState<BankRule | null>(null);
  const rules = useBankRules(offset);
  const remove = useDeleteRule();
  const conditions = useRuleConditions();

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: 'Rule deleted' });
        setRemoving(null);
      },
      onError: (error) => toast({ title: 'Could not delete the rule', description: error.message, variant: 'destructive' }),
    });
  };

  const newButton = (
    <Button size="sm" onClick={() => setEditing('new')}>
      <Plus aria-hidden="true" />
      New rule
    </Button>
  );
  const edited = editing === 'new' || editing === null ? null : editing;
  // The dialog resets its form when `rule` changes: keep it the same object between renders.
  const initial = useMemo(() => edited ?? { bankAccountId }, [edited, bankAccountId]);

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Rules apply to new lines as they come in, in the order they were written.</p>
        {newButton}
      </div>
      {rules.isPending ? (
        <Skeleton className="h-32" />
      ) : rules.isError ? (
        <EmptyState icon={ListChecks} title="Could not load rules" description={rules.error.message} />
      ) : rules.data.items.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title="No rules yet"
          description="Accept a match and choose Create rule, or write one here."
          action={newButton}
        />
      ) : (
        <>
          <ul className="divide-y rounded-md border bg-white">
            {rules.data.items.map((rule) => (
              <li key={rule.id} data-testid="bank-rule" className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-start sm:gap-3">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="break-words">{rule.name}</span>
                    {!rule.isActive && <Badge variant="secondary">Paused</Badge>}
                  </p>
                  <p className="break-words text-slate-600">{conditions(rule, bankAccountId) || 'Any line'}</p>
                  <p className="text-slate-500">{ruleOutcome(rule)}</p>
                </div>
                <div className="-ml-3 flex gap-1 sm:ml-0">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(rule)} aria-label={`Edit ${rule.name}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(rule)} aria-label={`Delete ${rule.name}`}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pager total={rules.data.total} limit={BANK_RULES_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
        </>
      )}
      <RuleFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        ruleId={edited?.id}
        rule={initial}
        bankAccountId={bankAccountId}
        title={edited ? 'Edit rule' : 'New rule'}
        description="Which lines it applies to, and what happens to them."
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Delete this rule?"
        description={`"${removing?.name ?? ''}" stops applying to new lines. Lines it already matched stay matched.`}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </div>
  );
}
