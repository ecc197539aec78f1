import { Controller, useWatch } from 'react-hook-form';
import { recurringFrequencies } from '@shared/contracts/practice';
import { Badge } from '@/components/ui/badge';
import { labelledOptions, SelectField } from '@/components/ui/select-field';
import { ToggleRow } from '@/components/ui/toggle-row';
import { frequencyLabels } from '../practice-labels';
import type { AddClientForm } from './wizard-form';

/** Step 3: payment reminders (the schedule shows only while on) and recurring invoices (the frequency only while on). */
export function AutomationStep({ form }: { form: AddClientForm }) {
  const [sendReminders, autoRecurring, reminderDays] = useWatch({
    control: form.control,
    name: ['sendReminders', 'autoRecurring', 'reminderDays'],
  });
  return (
    <div className="grid gap-6">
      <div className="rounded-lg border border-slate-200 px-4 py-1">
        <Controller
          control={form.control}
          name="sendReminders"
          render={({ field }) => (
            <ToggleRow
              label="Automatic Payment Reminders"
              description="Email the client's customers when an invoice is overdue."
              checked={field.value !== false}
              onChange={field.onChange}
            />
          )}
        />
        {sendReminders !== false && (
          <div className="border-t border-slate-100 py-4">
            <p className="text-sm font-medium text-slate-700">Reminder schedule</p>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Reminder schedule">
              {(reminderDays ?? []).map((days) => (
                <li key={days}>
                  <Badge variant="info">{days} days after due date</Badge>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-500">Default schedule can be customized later</p>
          </div>
        )}
      </div>
      <div className="rounded-lg border border-slate-200 px-4 py-1">
        <Controller
          control={form.control}
          name="autoRecurring"
          render={({ field }) => (
            <ToggleRow
              label="Recurring Invoices"
              description="Bill the client's regular customers on a schedule."
              checked={field.value === true}
              onChange={field.onChange}
            />
          )}
        />
        {autoRecurring === true && (
          <div className="max-w-xs border-t border-slate-100 py-4">
            <SelectField
              control={form.control}
              name="recurringFrequency"
              label="Default Recurring Frequency"
              error={form.formState.errors.recurringFrequency?.message}
              options={labelledOptions(recurringFrequencies, frequencyLabels)}
            />
          </div>
        )}
      </div>
    </div>
  );
}
