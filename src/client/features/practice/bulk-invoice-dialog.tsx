import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/lib/toast';
import type { BulkInvoiceResult } from '@shared/contracts/invoice-hub';
import { parseMoney, toDecimal } from '@shared/money';
import {
  type BulkRequest,
  newIdempotencyKey,
  useBulkInvoices,
  useHubClients,
} from './invoice-hub-api';

type Operation = BulkRequest['operation'];
const operationLabels: Record<Operation, string> = {
  generate: 'Generate Invoices',
  send: 'Send Invoices',
  'auto-approve': 'Auto-Approve',
};

/** The result as a toast: every failure named, as the server reports it. */
export function toastBulkResult(result: BulkInvoiceResult) {
  const failures = result.results.filter((row) => !row.ok).map((row) => row.message);
  const shown =
    failures.slice(0, 3).join('; ') +
    (failures.length > 3 ? `; and ${failures.length - 3} more` : '');
  toast({
    title: 'Bulk Operation Complete',
    description: `${result.success} succeeded, ${result.failed} failed${failures.length ? `: ${shown}` : '.'}`,
    variant: result.failed > 0 ? 'destructive' : undefined,
  });
}

/**
 * Bulk Invoice Operations (spec 2.6): generate an invoice for each chosen client, or send or
 * auto-approve the invoices selected in the list. One Idempotency-Key per run: running the same
 * run again (after a failure or a lost answer) reuses it, so nothing is made or mailed twice.
 */
export function BulkInvoiceDialog({
  open,
  onOpenChange,
  selectedInvoiceIds,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedInvoiceIds: readonly string[];
  onDone: () => void;
}) {
  const clients = useHubClients(open);
  const bulk = useBulkInvoices();
  const [operation, setOperation] = useState<Operation>('generate');
  const [clientIds, setClientIds] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const keys = useRef(new Map<string, string>());

  useEffect(() => {
    if (open) {
      setOperation(selectedInvoiceIds.length > 0 ? 'send' : 'generate');
      setClientIds([]);
      setDescription('');
      setAmount('');
      setDueDate('');
      setErrors({});
      keys.current = new Map();
    }
  }, [open, selectedInvoiceIds.length]);

  const build = (): BulkRequest | null => {
    if (operation !== 'generate') {
      if (selectedInvoiceIds.length === 0) {
        setErrors({ items: 'Select invoices in the Recent Invoices list first' });
        return null;
      }
      return { operation, items: selectedInvoiceIds.map((invoiceId) => ({ invoiceId })) };
    }
    const next: Record<string, string> = {};
    const cents = parseMoney(amount);
    if (clientIds.length === 0) next.items = 'Choose at least one client';
    if (!description.trim()) next.description = 'Description is required';
    if (cents === null || cents <= 0) next.amount = 'Amount must be greater than zero';
    if (!dueDate) next.dueDate = 'Due date is required';
    setErrors(next);
    if (Object.keys(next).length > 0 || cents === null) return null;
    return {
      operation,
      items: clientIds.map((clientId) => ({
        clientId,
        description: description.trim(),
        amount: toDecimal(cents),
        dueDate,
      })),
    };
  };

  const execute = async () => {
    const request = build();
    if (!request) return;
    const content = JSON.stringify(request);
    const key = keys.current.get(content) ?? newIdempotencyKey();
    keys.current.set(content, key);
    toast({ title: `Processing ${request.items.length} invoices...` });
    try {
      const result = await bulk.mutateAsync({ request, key });
      toastBulkResult(result);
      onOpenChange(false);
      onDone();
    } catch (error) {
      toast({
        title: 'Bulk Operation Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    }
  };

  const toggle = (id: string, on: boolean) =>
    setClientIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Bulk Invoice Operations</DialogTitle>
          <DialogDescription>
            Generate invoices for several clients, or send or approve the invoices you selected.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <Field label="Operation Type" required>
            {(control) => (
              <Select value={operation} onValueChange={(value) => setOperation(value as Operation)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(Object.keys(operationLabels) as Operation[]).map((value) => (
                    <SelectItem key={value} value={value}>
                      {operationLabels[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          {operation === 'generate' ? (
            <>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Clients</legend>
                <div className="max-h-48 overflow-y-auto rounded-md border p-2">
                  {(clients.data?.items ?? []).map((client) => (
                    <label key={client.id} className="flex items-center gap-2 py-1 text-sm">
                      <Checkbox
                        checked={clientIds.includes(client.id)}
                        onCheckedChange={(on) => toggle(client.id, on === true)}
                        aria-label={client.name}
                      />
                      {client.name}
                    </label>
                  ))}
                  {clients.data?.items.length === 0 && (
                    <p className="text-sm text-slate-500">No active clients yet.</p>
                  )}
                </div>
              </fieldset>
              <Field label="Description" error={errors.description} required>
                <Input
                  value={description}
                  onChange={(event) => setDescription(event.target.value)}
                  maxLength={500}
                />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Amount" error={errors.amount} required>
                  <Input
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    inputMode="decimal"
                    placeholder="0.00"
                  />
                </Field>
                <Field label="Due Date" error={errors.dueDate} required>
                  <Input
                    type="date"
                    value={dueDate}
                    onChange={(event) => setDueDate(event.target.value)}
                  />
                </Field>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">
              {selectedInvoiceIds.length} selected{' '}
              {selectedInvoiceIds.length === 1 ? 'invoice' : 'invoices'}.{' '}
              {operation === 'send'
                ? 'Each draft is emailed to its client with its PDF and marked sent.'
                : 'Each draft is approved, then emailed to its client with its PDF and marked sent. One already sent is not emailed again.'}
            </p>
          )}
          {errors.items && (
            <p className="text-sm text-red-700" role="alert">
              {errors.items}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void execute()} disabled={bulk.isPending}>
            {bulk.isPending ? 'Processing…' : 'Execute'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
