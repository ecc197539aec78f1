import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type CreatePaymentLinkInput,
  type CreatePaymentLinkValues,
  type PaymentLink,
  createPaymentLinkSchema,
} from '@shared/contracts/checkout';
import { toDecimal } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { ApiError, apiRequest } from '@/lib/api';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';

type Props = { invoiceId: string; open: boolean; onOpenChange: (open: boolean) => void };

function LinkResult({ link }: { link: PaymentLink }) {
  const { formatAmount } = useMoneyFormat();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      toast({ title: 'Link copied', description: 'Send it to your customer to pay by card.' });
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
    }
  }
  return (
    <div className="grid gap-3">
      <Field label="Payment link" description={`${formatAmount(link.amount)}, valid until ${new Date(link.expiresAt).toLocaleDateString()}`}>
        <Input readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
      </Field>
      <Button onClick={() => void copy()} variant="outline">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy Link'}
      </Button>
    </div>
  );
}

/** Creates (or shows the live) pay-by-card link for an invoice and copies its URL. */
export function PaymentLinkDialog({ invoiceId, open, onOpenChange }: Props) {
  const { currency } = useMoneyFormat();
  const form = useForm<CreatePaymentLinkValues, unknown, CreatePaymentLinkInput>({
    resolver: zodResolver(createPaymentLinkSchema),
    defaultValues: { amount: undefined, expiresInDays: 30 },
  });
  const create = useMutation({
    mutationFn: (input: CreatePaymentLinkInput) =>
      apiRequest<PaymentLink>('POST', `/api/invoices/${invoiceId}/payment-link`, {
        amount: input.amount === undefined ? undefined : toDecimal(input.amount),
        expiresInDays: input.expiresInDays,
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.amount) form.setError('amount', { message: error.fields.amount });
      else toast({ title: 'Error', description: error.message, variant: 'destructive' });
    },
  });

  function change(next: boolean) {
    if (!next) {
      create.reset();
      form.reset();
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Payment Link</DialogTitle>
          <DialogDescription>Your customer pays this invoice by card from the link, without signing in.</DialogDescription>
        </DialogHeader>
        {create.data ? (
          <LinkResult link={create.data} />
        ) : (
          <form id="payment-link-form" className="grid gap-4" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
            <Field label="Amount" error={form.formState.errors.amount?.message} description="Leave empty to ask for the full open balance.">
              <MoneyInput
                currencySymbol={currency.symbol}
                placeholder="Full balance"
                {...form.register('amount', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
              />
            </Field>
            <Field label="Valid for (days)" error={form.formState.errors.expiresInDays?.message}>
              <Input type="number" min={1} max={90} {...form.register('expiresInDays')} />
            </Field>
          </form>
        )}
        <DialogFooter>
          {create.data ? (
            <Button onClick={() => change(false)}>Done</Button>
          ) : (
            <Button type="submit" form="payment-link-form" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Link'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
