import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { MoneyInput } from '@/components/ui/money-input';
import { SelectField } from '@/components/ui/select-field';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { serviceLevelUpdateSchema } from '@shared/contracts/portfolio';
import { serviceLevelCatalogue, serviceLevels } from '@shared/contracts/practice';
import { toDecimal } from '@shared/money';
import { useUpdateServiceLevels } from './portfolio-api';
import { isServiceLevel, serviceLevelLabels } from './portfolio-labels';

/** Only the two fields of spec 7: a bulk change keeps each client's billing frequency. */
const formSchema = serviceLevelUpdateSchema.pick({ serviceLevel: true, monthlyFee: true });
type FormValues = z.input<typeof formSchema>;

export interface ServiceLevelTarget {
  id: string;
  name: string;
  serviceLevel: string;
  monthlyFee: string | null;
}

function defaults(clients: readonly ServiceLevelTarget[]): FormValues {
  const first = clients[0];
  const level = first && isServiceLevel(first.serviceLevel) ? first.serviceLevel : 'standard';
  return { serviceLevel: level, monthlyFee: first?.monthlyFee ?? toDecimal(serviceLevelCatalogue[level].price) };
}

/**
 * Edit Service Level for one client or the selected ones (one PUT each, spec 7). Choosing a level
 * sets the fee to its price (spec 3.3); the fee can then be changed.
 */
export function ServiceLevelDialog({ clients, onOpenChange, onDone }: { clients: readonly ServiceLevelTarget[] | null; onOpenChange: (open: boolean) => void; onDone?: () => void }) {
  const { currency, formatCents } = useMoneyFormat();
  const update = useUpdateServiceLevels();
  const open = clients !== null && clients.length > 0;
  const { control, handleSubmit, reset, setValue, watch, formState } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: defaults(clients ?? []),
  });

  useEffect(() => {
    if (open) reset(defaults(clients));
  }, [open, clients, reset]);

  // A level the user picks sets the fee to its price; opening the dialog (reset) keeps the stored fee.
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (name === 'serviceLevel' && type === 'change' && values.serviceLevel) {
        setValue('monthlyFee', toDecimal(serviceLevelCatalogue[values.serviceLevel].price), { shouldValidate: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue]);

  const onSubmit = handleSubmit(async (input) => {
    if (!clients) return;
    const bulk = clients.length > 1;
    const { updated, failure } = await update.mutateAsync({ ids: clients.map((client) => client.id), input });
    if (failure) {
      toast({
        title: 'Bulk Operation Failed',
        description: bulk ? `Updated ${updated} of ${clients.length} clients. ${failure.message}` : failure.message,
        variant: 'destructive',
      });
      return;
    }
    toast(
      bulk
        ? { title: 'Bulk Update Complete', description: `Updated service level for ${updated} clients.` }
        : { title: 'Service Level Updated', description: `${clients[0]?.name ?? 'The client'}: ${serviceLevelLabels[input.serviceLevel]}, ${formatCents(input.monthlyFee)} a month.` },
    );
    onOpenChange(false);
    onDone?.();
  });

  const level = watch('serviceLevel');
  const subject = clients && clients.length === 1 ? clients[0]?.name : `${clients?.length ?? 0} selected clients`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Service Level</DialogTitle>
          <DialogDescription>{subject}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <SelectField
            control={control}
            name="serviceLevel"
            label="Service level"
            error={formState.errors.serviceLevel?.message}
            options={serviceLevels.map((level) => ({ value: level, label: `${serviceLevelLabels[level]} (${formatCents(serviceLevelCatalogue[level].price)}/month)` }))}
            description={serviceLevelCatalogue[level].description}
          />
          <Controller
            control={control}
            name="monthlyFee"
            render={({ field }) => (
              <Field label="Monthly fee" error={formState.errors.monthlyFee?.message}>
                <MoneyInput currencySymbol={currency.symbol} value={String(field.value)} onValueChange={field.onChange} onBlur={field.onBlur} name={field.name} />
              </Field>
            )}
          />
          <p className="text-sm text-slate-600" data-testid="service-level-billing-note">
            The new fee is billed from the next billing period; invoices already made stay as they are.
          </p>
          <DialogFormFooter onCancel={() => onOpenChange(false)} pending={update.isPending} submitLabel={clients && clients.length > 1 ? `Update ${clients.length} Clients` : 'Save Service Level'} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
