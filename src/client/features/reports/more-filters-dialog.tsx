import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Customer } from '@shared/contracts/customers';
import type { ReportFilters } from '@shared/contracts/reports';
import type { Vendor } from '@shared/contracts/vendors';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiList } from '@/lib/api';

const ANY = '__any__';
const invoiceStatuses = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
const billStatuses = ['received', 'scheduled', 'paid', 'overdue'] as const;

function Choice(props: { label: string; value: string | undefined; onChange: (value: string | undefined) => void; anyLabel: string; options: { value: string; label: string }[] }) {
  return (
    <Field label={props.label}>
      {(control) => (
        <Select value={props.value ?? ANY} onValueChange={(value) => props.onChange(value === ANY ? undefined : value)}>
          <SelectTrigger {...control} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>{props.anyLabel}</SelectItem>
            {props.options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/**
 * More Filters: a customer (revenue, profitability, aging), a vendor (vendor spending), and the
 * status of the invoices or bills read. Each report uses the ones it reads; they are stored with it.
 */
export function MoreFiltersDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; filters: ReportFilters; onApply: (filters: ReportFilters) => void }) {
  const [draft, setDraft] = useState<ReportFilters>(props.filters);
  useEffect(() => {
    if (props.open) setDraft(props.filters);
  }, [props.open, props.filters]);
  const customers = useQuery({ queryKey: ['/api/customers', { limit: 200 }], queryFn: () => apiList<Customer>('/api/customers', { limit: 200 }), enabled: props.open });
  const vendors = useQuery({ queryKey: ['/api/vendors', { limit: 200 }], queryFn: () => apiList<Vendor>('/api/vendors', { limit: 200 }), enabled: props.open });
  const statuses = [...new Set([...invoiceStatuses, ...billStatuses])];
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>More Filters</DialogTitle>
          <DialogDescription>Each report uses the filters it reads. Amounts are in your organization&apos;s currency.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <Choice
            label="Customer"
            anyLabel="All customers"
            value={draft.customerId}
            onChange={(customerId) => setDraft({ ...draft, customerId })}
            options={(customers.data?.items ?? []).map((customer) => ({ value: customer.id, label: customer.name }))}
          />
          <Choice
            label="Vendor"
            anyLabel="All vendors"
            value={draft.vendorId}
            onChange={(vendorId) => setDraft({ ...draft, vendorId })}
            options={(vendors.data?.items ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }))}
          />
          <Choice
            label="Status (invoices or bills)"
            anyLabel="Any status"
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status: status as ReportFilters['status'] })}
            options={statuses.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) }))}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onApply({})}>
            Clear Filters
          </Button>
          <Button onClick={() => props.onApply(draft)}>Apply Filters</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
