import { format, parseISO } from 'date-fns';
import { Skeleton } from '@/components/ui/skeleton';
import { ToggleRow } from '@/components/ui/toggle-row';
import { toast } from '@/lib/toast';
import { type VendorAchSettings, vendorAchSettingsUpdateSchema } from '@shared/contracts/ach';
import { useSaveVendorAchSettings, useVendorAchSettings } from './api';

/** Where the vendor's prenote stands, in words. */
export function prenoteStatusText(settings: VendorAchSettings): string {
  const account = settings.prenoteAccountLast4 ? ` to the account ending ${settings.prenoteAccountLast4}` : '';
  switch (settings.prenoteStatus) {
    case 'pending':
      return `Prenote waiting${account}: download the prenote file from Bank Accounts > ACH settings. Live payments may go from the third banking day after it settles.`;
    case 'sent':
      return `Prenote sent${settings.prenoteSentOn ? `, effective ${format(parseISO(settings.prenoteSentOn), 'MMM d, yyyy')}` : ''}${account}.`;
    case 'verified':
      return `Prenote verified${account}.`;
    default:
      return 'No prenote.';
  }
}

/** The vendor's ACH options, saved as they are switched (they are not part of the vendor record). */
export function VendorAchOptions({ vendorId }: { vendorId: string }) {
  const settings = useVendorAchSettings(vendorId);
  const save = useSaveVendorAchSettings(vendorId);
  if (settings.isPending) return <Skeleton className="h-24" />;
  if (settings.isError) return <p className="text-sm text-red-700">{settings.error.message}</p>;
  const current = settings.data;
  const change = (patch: Partial<{ remittanceAddenda: boolean; prenote: boolean }>) => {
    const input = vendorAchSettingsUpdateSchema.parse({ remittanceAddenda: current.remittanceAddenda, prenote: current.prenote, ...patch });
    save.mutate(input, {
      onSuccess: () => toast({ title: 'ACH options saved' }),
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });
  };
  return (
    <fieldset className="rounded-md border px-4 py-1" data-testid="vendor-ach-options">
      <legend className="px-1 text-sm font-medium">ACH options</legend>
      <ToggleRow
        label="Send remittance details (CCD+ addenda with bill numbers)"
        description="The vendor's bank shows which bills each payment pays."
        checked={current.remittanceAddenda}
        disabled={save.isPending}
        onChange={(remittanceAddenda) => change({ remittanceAddenda })}
      />
      <ToggleRow
        label="Send a prenote (zero-dollar test) before the first payment"
        description="The vendor's bank checks the account before money is sent to it."
        checked={current.prenote}
        disabled={save.isPending}
        onChange={(prenote) => change({ prenote })}
      />
      <p className="pb-3 text-sm text-slate-600" data-testid="prenote-status">
        {prenoteStatusText(current)}
      </p>
    </fieldset>
  );
}
