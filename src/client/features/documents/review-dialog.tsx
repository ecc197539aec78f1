import { useEffect } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
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
import { MoneyInput } from '@/components/ui/money-input';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api';
import { useOrganizationTimeZone } from '@/lib/auth';
import { dateInputValue } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { findCurrency } from '@shared/currencies';
import type { DocumentDto } from '@shared/contracts/documents';
import { useCreateTransaction, useCustomerOptions } from './api';
import {
  itemsTotal,
  lineTotal,
  reviewDefaults,
  reviewResolver,
  type ReviewValues,
  toRequest,
} from './review-defaults';

interface ReviewDialogProps {
  document: DocumentDto;
  transactionType: 'bill' | 'invoice';
  onClose: () => void;
}

/** Review and correct what was extracted before the bill or invoice is created (corrections teach the extractor). */
export function ReviewDialog({ document, transactionType, onClose }: ReviewDialogProps) {
  const isBill = transactionType === 'bill';
  const timeZone = useOrganizationTimeZone();
  const form = useForm<ReviewValues>({
    resolver: reviewResolver,
    defaultValues: reviewDefaults(document, transactionType, dateInputValue(new Date(), timeZone)),
  });
  const { register, control, formState, setValue, getValues, handleSubmit, setError } = form;
  const errors = formState.errors.customizations;
  const items = useFieldArray({ control, name: 'customizations.items' });
  const create = useCreateTransaction(document.id);
  const customers = useCustomerOptions(!isBill);
  const currency = document.extractedData?.currency;
  const symbol = (currency ? findCurrency(currency)?.symbol : undefined) ?? '$';

  // With line items the total follows them (lines plus tax); without, it is typed directly.
  const recompute = () => {
    const values = getValues('customizations');
    values.items.forEach((item, index) => {
      const total = lineTotal(item.quantity, item.unitPrice);
      if (total !== item.totalPrice) setValue(`customizations.items.${index}.totalPrice`, total);
    });
    if (values.items.length > 0) {
      const sum = itemsTotal(getValues('customizations.items'), values.tax);
      if (sum !== null) setValue('customizations.amount', sum);
    }
  };
  useEffect(recompute, [items.fields.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = handleSubmit((values) => {
    create.mutate(toRequest(values), {
      onSuccess: (result) => {
        toast({ title: 'Transaction created', description: result.message });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [path, message] of Object.entries(error.fields)) {
            if (path.startsWith('customizations.'))
              setError(path as `customizations.${'amount'}`, { message });
          }
        }
        toast({ title: 'Creation failed', description: error.message, variant: 'destructive' });
      },
    });
  });

  const itemErrors = errors?.items;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {isBill ? 'Create Bill' : 'Create Invoice'} from {document.fileName}
          </DialogTitle>
          <DialogDescription>
            Check the extracted fields and correct anything that was misread. Corrections are
            remembered for this vendor.
          </DialogDescription>
        </DialogHeader>
        <form
          id="review-form"
          className="grid items-start gap-4 sm:grid-cols-2"
          onSubmit={onSubmit}
          noValidate
        >
          {isBill ? (
            <Field
              label="Vendor"
              required
              error={errors?.vendorName?.message ?? errors?.vendorId?.message}
            >
              <Input
                {...register('customizations.vendorName', {
                  // A typed name no longer means the vendor matched at extraction.
                  onChange: () => setValue('customizations.vendorId', ''),
                })}
              />
            </Field>
          ) : (
            <SelectField
              control={control}
              name="customizations.customerId"
              label="Customer"
              required
              error={errors?.customerId?.message}
              triggerClassName="w-full"
              placeholder={
                customers.data?.items.length === 0 ? 'No customers yet' : 'Select a customer'
              }
              options={(customers.data?.items ?? []).map((customer) => ({
                value: customer.id,
                label: customer.name,
              }))}
            />
          )}
          <Field
            label={isBill ? 'Bill number' : 'Invoice number'}
            error={errors?.number?.message}
            description="Left empty, a number is generated"
          >
            <Input {...register('customizations.number')} />
          </Field>
          <Field label="Issue date" error={errors?.issueDate?.message}>
            <Input type="date" {...register('customizations.issueDate')} />
          </Field>
          <Field label="Due date" required error={errors?.dueDate?.message}>
            <Input type="date" {...register('customizations.dueDate')} />
          </Field>
          <Field
            label="Total"
            required
            error={errors?.amount?.message}
            description={items.fields.length > 0 ? 'Line items plus tax' : undefined}
          >
            <MoneyInput
              currencySymbol={symbol}
              readOnly={items.fields.length > 0}
              {...register('customizations.amount')}
            />
          </Field>
          <Field label="Tax" error={errors?.tax?.message}>
            <MoneyInput
              currencySymbol={symbol}
              {...register('customizations.tax', { onChange: recompute })}
            />
          </Field>
          <Field label="Category" error={errors?.category?.message}>
            <Input {...register('customizations.category')} />
          </Field>
          <Field label="Description" required error={errors?.description?.message}>
            <Input {...register('customizations.description')} />
          </Field>
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium">Line items</legend>
            {items.fields.length === 0 && (
              <p className="text-sm text-slate-500">
                One line:{' '}
                {getValues('customizations.description') ||
                  `Auto-generated from ${document.fileName}`}
              </p>
            )}
            {items.fields.length > 0 && (
              <div
                className="grid grid-cols-[1fr_5rem_7rem_7rem_2.25rem] gap-2 text-xs font-medium text-slate-500"
                aria-hidden="true"
              >
                <span>Description</span>
                <span>Qty</span>
                <span>Unit price</span>
                <span>Total</span>
              </div>
            )}
            {items.fields.map((item, index) => (
              <div
                key={item.id}
                className="grid grid-cols-[1fr_5rem_7rem_7rem_2.25rem] items-start gap-2"
              >
                <Input
                  aria-label={`Line ${index + 1} description`}
                  {...register(`customizations.items.${index}.description`)}
                />
                <Input
                  aria-label={`Line ${index + 1} quantity`}
                  inputMode="decimal"
                  {...register(`customizations.items.${index}.quantity`, { onChange: recompute })}
                />
                <MoneyInput
                  aria-label={`Line ${index + 1} unit price`}
                  currencySymbol={symbol}
                  {...register(`customizations.items.${index}.unitPrice`, { onChange: recompute })}
                />
                <MoneyInput
                  aria-label={`Line ${index + 1} total`}
                  currencySymbol={symbol}
                  readOnly
                  tabIndex={-1}
                  {...register(`customizations.items.${index}.totalPrice`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${index + 1}`}
                  onClick={() => items.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
                {itemErrors?.[index] && (
                  <p className="col-span-5 text-sm text-destructive">
                    {itemErrors[index]?.description?.message ??
                      itemErrors[index]?.quantity?.message ??
                      itemErrors[index]?.unitPrice?.message ??
                      itemErrors[index]?.totalPrice?.message}
                  </p>
                )}
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                items.append({ description: '', quantity: '1', unitPrice: '', totalPrice: '' })
              }
            >
              <Plus aria-hidden="true" /> Add line item
            </Button>
          </fieldset>
          {!isBill && customers.data?.items.length === 0 && (
            <p className="text-sm text-slate-600 sm:col-span-2">
              Invoices need a customer.{' '}
              <Link className="underline" to="/customers">
                Add a customer
              </Link>{' '}
              first.
            </p>
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="review-form" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : isBill ? 'Create Bill' : 'Create Invoice'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
