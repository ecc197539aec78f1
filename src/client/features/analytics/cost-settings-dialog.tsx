import { zodResolver } from '@hookform/resolvers/zod';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CostSettings, type CostSettingsInput, costSettingsInput } from '@shared/contracts/analytics';
import { toDecimal } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
import { applyServerErrors } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useSaveCostSettings } from './api';

type MinutesField = 'documentMinutes' | 'invoiceMinutes' | 'billMinutes' | 'approvalMinutes' | 'exceptionMinutes';

const MINUTES_FIELDS: readonly { name: MinutesField; label: string }[] = [
  { name: 'documentMinutes', label: 'Minutes per document read' },
  { name: 'invoiceMinutes', label: 'Minutes per invoice' },
  { name: 'billMinutes', label: 'Minutes per bill' },
  { name: 'approvalMinutes', label: 'Minutes per approval decision' },
  { name: 'exceptionMinutes', label: 'Minutes per exception' },
];

/** Owners and admins change the per-item minutes and the hourly rate that price each client's work. */
export function CostSettingsDialog({ costs }: { costs: CostSettings }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Clock aria-hidden="true" />
          Cost per item
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        {/* Mounted while open, so each opening starts from the saved costs. */}
        {open && <CostSettingsForm costs={costs} onClose={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CostSettingsForm({ costs, onClose }: { costs: CostSettings; onClose: () => void }) {
  const save = useSaveCostSettings();
  const { currency, formatAmount } = useMoneyFormat();
  const form = useForm<CostSettingsInput, unknown, z.output<typeof costSettingsInput>>({
    resolver: zodResolver(costSettingsInput),
    defaultValues: {
      documentMinutes: costs.documentMinutes,
      invoiceMinutes: costs.invoiceMinutes,
      billMinutes: costs.billMinutes,
      approvalMinutes: costs.approvalMinutes,
      exceptionMinutes: costs.exceptionMinutes,
      hourlyRate: costs.hourlyRate,
    },
  });
  const { errors } = form.formState;
  // The contract parses the rate to cents; the request sends it back as a decimal string.
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, hourlyRate: toDecimal(values.hourlyRate) },
      {
        onSuccess: (saved) => {
          toast({ title: 'Costs updated', description: `Profitability scores now use these minutes at ${formatAmount(saved.hourlyRate)} an hour.` });
          onClose();
        },
        onError: (error) => {
          applyServerErrors(error, form.setError, [...MINUTES_FIELDS.map((field) => field.name), 'hourlyRate']);
          toast({ title: 'Error', description: error.message, variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Cost per item</DialogTitle>
        <DialogDescription>Minutes of your firm’s time each item in a client’s workspace takes, priced at your hourly rate.</DialogDescription>
      </DialogHeader>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {MINUTES_FIELDS.map((field) => (
          <Field key={field.name} label={field.label} error={errors[field.name]?.message}>
            <Input type="number" inputMode="numeric" min={0} max={600} step={1} {...form.register(field.name, { valueAsNumber: true })} />
          </Field>
        ))}
        <Field label="Hourly rate" error={errors.hourlyRate?.message}>
          <MoneyInput currencySymbol={currency.symbol} {...form.register('hourlyRate')} />
        </Field>
      </div>
      <DialogFormFooter onCancel={onClose} pending={save.isPending} submitLabel="Save Costs" />
    </form>
  );
}
