import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import type { DocumentDto } from '@shared/contracts/documents';
import type { ApplyToVendorResult } from '@shared/contracts/tax-1099';
import { useApplyW9, useVendorOptions, type VendorOption } from './api';

const nameKey = (name: string | null | undefined) => (name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

/** The vendor the W-9 names: the one matched when it was read, else one named as line 1 or 2. */
export function defaultVendorId(document: DocumentDto, vendors: readonly VendorOption[]): string {
  const matched = document.extractedData?.vendor.matchedVendorId;
  if (matched && vendors.some((vendor) => vendor.id === matched)) return matched;
  const w9 = document.extractedData?.w9;
  const names = [w9?.legalName, w9?.businessName].map(nameKey).filter(Boolean);
  return vendors.find((vendor) => names.includes(nameKey(vendor.name)))?.id ?? '';
}

/** Apply to vendor: pick the vendor, see what changes (a dry run), confirm to fill it. */
export function ApplyW9Dialog(props: { document: DocumentDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const vendors = useVendorOptions(props.open);
  const items = vendors.data?.items;
  const options = items ?? [];
  const [vendorId, setVendorId] = useState('');
  const [preview, setPreview] = useState<ApplyToVendorResult | null>(null);
  const apply = useApplyW9(props.document.id);
  const { mutate } = apply;

  useEffect(() => {
    if (props.open && !vendorId && items && items.length > 0) setVendorId(defaultVendorId(props.document, items));
  }, [props.open, props.document, items, vendorId]);

  useEffect(() => {
    setPreview(null);
    if (!props.open || !vendorId) return;
    mutate(
      { vendorId, dryRun: true },
      { onSuccess: setPreview, onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }) },
    );
  }, [props.open, vendorId, mutate]);

  const confirm = () =>
    mutate(
      { vendorId, dryRun: false },
      {
        onSuccess: (result) => {
          toast({ title: 'Vendor updated', description: `${result.changes.length} field${result.changes.length === 1 ? '' : 's'} filled from the W-9` });
          props.onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Apply W-9 to vendor</DialogTitle>
          <DialogDescription>Fills the vendor's tax fields from {props.document.fileName}. Review what changes before you confirm.</DialogDescription>
        </DialogHeader>
        <Field label="Vendor" id="apply-w9-vendor">
          {(control) => (
            <Select value={vendorId} onValueChange={setVendorId}>
              <SelectTrigger {...control} className="w-full">
                <SelectValue placeholder={vendors.isLoading ? 'Loading vendors…' : 'Choose a vendor'} />
              </SelectTrigger>
              <SelectContent>
                {options.map((vendor) => (
                  <SelectItem key={vendor.id} value={vendor.id}>
                    {vendor.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        {preview && preview.changes.length === 0 && <p className="text-sm text-slate-600">The vendor already has every field of this W-9.</p>}
        {preview && preview.changes.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" aria-label="Changes">
              <thead>
                <tr className="border-b text-left text-slate-500">
                  <th className="py-1 pr-3 font-medium">Field</th>
                  <th className="py-1 pr-3 font-medium">Now</th>
                  <th className="py-1 font-medium">From the W-9</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((change) => (
                  <tr key={change.field} className="border-b last:border-0">
                    <td className="py-1 pr-3 text-slate-600">{change.label}</td>
                    <td className="py-1 pr-3 text-slate-500 line-through decoration-slate-300">{change.from ?? '—'}</td>
                    <td className="py-1 font-medium">{change.to ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!vendorId || !preview || apply.isPending}>
            Apply to vendor
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
