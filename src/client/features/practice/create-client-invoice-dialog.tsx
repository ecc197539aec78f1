import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
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
import {
  type ClientInvoiceFormValues,
  type ClientInvoiceInput,
  clientInvoiceSchema,
} from '@shared/contracts/invoice-hub';
import { toDecimal } from '@shared/money';
import { newIdempotencyKey, useCreateClientInvoice, useHubClients } from './invoice-hub-api';

const empty: ClientInvoiceFormValues = { description: '', amount: '', dueDate: '' };

/**
 * Create New Invoice (spec 2.6): a draft in the firm's books for the chosen client. One key per
 * typed invoice, so a retry after a lost answer finds the invoice instead of making a second.
 */
export function CreateClientInvoiceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const clients = useHubClients(open);
  const create = useCreateClientInvoice();
  const [clientId, setClientId] = useState('');
  const [clientError, setClientError] = useState<string | undefined>();
  const keys = useRef(new Map<string, string>());
  const { register, handleSubmit, reset, formState } = useForm<
    ClientInvoiceFormValues,
    unknown,
    ClientInvoiceInput
  >({
    resolver: zodResolver(clientInvoiceSchema),
    defaultValues: empty,
  });

  useEffect(() => {
    if (open) {
      reset(empty);
      setClientId('');
      setClientError(undefined);
      keys.current = new Map();
    }
  }, [open, reset]);

  const onSubmit = handleSubmit(
    async (input) => {
      if (!clientId) {
        setClientError('Client is required');
        return;
      }
      const body = {
        description: input.description,
        amount: toDecimal(input.amount),
        dueDate: input.dueDate,
      };
      const content = JSON.stringify([clientId, body]);
      const key = keys.current.get(content) ?? newIdempotencyKey();
      keys.current.set(content, key);
      try {
        const invoice = await create.mutateAsync({ clientId, body, key });
        toast({
          title: 'Invoice Created',
          description: `${invoice.invoiceNumber} for ${invoice.customer.name} is saved as a draft.`,
        });
        onOpenChange(false);
      } catch (error) {
        toast({
          title: 'Creation Failed',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
      }
    },
    () => {
      if (!clientId) setClientError('Client is required');
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create New Invoice</DialogTitle>
          <DialogDescription>
            A draft invoice in your firm's books for one of your clients.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <Field label="Client" error={clientError} required>
            {(control) => (
              <Select
                value={clientId}
                onValueChange={(value) => {
                  setClientId(value);
                  setClientError(undefined);
                }}
              >
                <SelectTrigger {...control}>
                  <SelectValue
                    placeholder={clients.isLoading ? 'Loading clients…' : 'Choose a client'}
                  />
                </SelectTrigger>
                <SelectContent>
                  {(clients.data?.items ?? []).map((client) => (
                    <SelectItem key={client.id} value={client.id}>
                      {client.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label="Description" error={formState.errors.description?.message} required>
            <Input {...register('description')} maxLength={500} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Amount" error={formState.errors.amount?.message} required>
              <Input {...register('amount')} inputMode="decimal" placeholder="0.00" />
            </Field>
            <Field label="Due Date" error={formState.errors.dueDate?.message} required>
              <Input type="date" {...register('dueDate')} />
            </Field>
          </div>
          <DialogFormFooter
            onCancel={() => onOpenChange(false)}
            pending={create.isPending}
            submitLabel="Create Invoice"
            pendingLabel="Creating…"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
