import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { NewClientInput } from '@shared/contracts/practice';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { firstInvoiceNumber } from './invoice-step';
import { accountingSoftwareLabels, currencyLabels, frequencyLabels, industryLabels, paymentTermLabels } from '../practice-labels';
import type { AddClientForm } from './wizard-form';

const label = <K extends string>(labels: Record<K, string>, value: unknown): string =>
  typeof value === 'string' && value in labels ? labels[value as K] : 'Not set';
const text = (value: unknown): string => (typeof value === 'string' && value.trim() ? value.trim() : 'Not provided');

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-3">
      {rows.map(([name, value]) => (
        <div key={name} className="grid gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{name}</dt>
          <dd className="text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle asChild>
          <h3 className="text-base font-semibold">{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Step 5: what will be created, read-only, in three cards (spec practice 2.2). */
export function ReviewStep({ form }: { form: AddClientForm }) {
  const values = useWatch({ control: form.control }) as Partial<NewClientInput>;
  const tags = values.tags ?? [];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <ReviewCard title="Business Information">
        <Rows
          rows={[
            ['Business name', text(values.businessName)],
            ['Industry', label(industryLabels, values.industry)],
            ['Business email', text(values.businessEmail)],
            ['Business phone', text(values.businessPhone)],
            ['Business address', text(values.businessAddress)],
            ['Primary contact', text(values.contactName)],
            ['Contact email', text(values.contactEmail)],
          ]}
        />
      </ReviewCard>
      <ReviewCard title="Invoice Settings">
        <Rows
          rows={[
            ['Invoice prefix', text(values.invoicePrefix)],
            ['Starting invoice number', String(values.invoiceStartNumber ?? '')],
            ['First invoice', firstInvoiceNumber(values.invoicePrefix, values.invoiceStartNumber) ?? 'Not set'],
            ['Payment terms', label(paymentTermLabels, values.paymentTerms)],
            ['Currency', label(currencyLabels, values.currency)],
          ]}
        />
      </ReviewCard>
      <ReviewCard title="Automation & Integration">
        <Rows
          rows={[
            ['Payment reminders', values.sendReminders === false ? 'Off' : `On (${(values.reminderDays ?? []).join(', ')} days after due date)`],
            ['Recurring invoices', values.autoRecurring === true ? `On (${label(frequencyLabels, values.recurringFrequency ?? 'monthly')})` : 'Off'],
            ['Accounting software', label(accountingSoftwareLabels, values.accountingSoftware)],
            [
              'Tags',
              tags.length === 0 ? (
                'None'
              ) : (
                <span className="flex flex-wrap gap-1.5">
                  {tags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </span>
              ),
            ],
            ['Notes', text(values.notes)],
          ]}
        />
      </ReviewCard>
    </div>
  );
}
