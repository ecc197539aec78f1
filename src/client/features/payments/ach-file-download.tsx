import { useQueryClient } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ApiError, apiFetch, apiRequest } from '@/lib/api';
import { fileNameOf, saveDownload } from '@/lib/download';
import { toast } from '@/lib/toast';
import type { AchExport } from '@shared/contracts/ach';
import type { PaymentRun } from '@shared/contracts/payment-runs';

const runsUrl = '/api/payment-runs';

const blockingTestIds = { ACH_PROFILE_INCOMPLETE: 'ach-incomplete', ACH_PRENOTE_WAITING: 'ach-prenote-waiting' } as const;
type BlockingCode = keyof typeof blockingTestIds;
const isBlockingCode = (code: string | undefined): code is BlockingCode => code !== undefined && code in blockingTestIds;

function exportLine(item: AchExport): string {
  const day = format(parseISO(item.fileDate), 'MMM d, yyyy');
  const when = format(parseISO(item.createdAt), 'h:mm a');
  return `${day} at ${when}, file ${item.fileIdModifier}, by ${item.exportedByName ?? 'someone no longer in this organization'}${item.isRepeat ? ' (a repeat)' : ''}`;
}

/**
 * The ACH (NACHA) file of a run. Exporting marks the run's payments sent. The server refuses an
 * incomplete ACH profile (shown with a link to the settings), a vendor still in its prenote's
 * three-banking-day wait (shown as the server says it), and a second export unless
 * confirmed: the confirmation lists the earlier files, since uploading both pays twice.
 */
export function AchFileDownload({ run }: { run: PaymentRun }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A refusal the user settles elsewhere (the account's ACH settings, or the payment date).
  const [blocked, setBlocked] = useState<{ code: BlockingCode; message: string } | null>(null);
  const [earlier, setEarlier] = useState<AchExport[] | null>(null);

  const download = async (confirmRepeat: boolean) => {
    setBusy(true);
    setBlocked(null);
    try {
      const response = await apiFetch('GET', `${runsUrl}/${run.id}/nacha${confirmRepeat ? '?confirmRepeat=true' : ''}`);
      await saveDownload(response, fileNameOf(response, `payment-run-${run.scheduledDate}.ach.txt`));
      setEarlier(null);
      toast({ title: 'ACH file downloaded', description: 'Upload it to your bank. Its payments are now sent.' });
      await Promise.all(['/api/payment-runs', '/api/payments', '/api/bills', '/api/vendors'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    } catch (error) {
      if (error instanceof ApiError && isBlockingCode(error.code)) setBlocked({ code: error.code, message: error.message });
      else if (error instanceof ApiError && error.code === 'ACH_ALREADY_EXPORTED') {
        setEarlier(await apiRequest<AchExport[]>('GET', `${runsUrl}/${run.id}/ach-exports`).catch(() => []));
      } else {
        toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not make the ACH file', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="sm" variant="link" className="h-auto px-0" disabled={busy} onClick={() => void download(false)}>
        <Download aria-hidden="true" />
        Download NACHA
      </Button>
      {blocked && (
        <div role="alert" className="basis-full rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid={blockingTestIds[blocked.code]}>
          <p>{blocked.message}</p>
          <Link to={`/bank-accounts?achSettings=${run.bankAccountId}`} className="font-medium text-blue-700 underline">
            Open the ACH settings of {run.bankAccountName}
          </Link>
        </div>
      )}
      <AlertDialog open={earlier !== null} onOpenChange={(open) => !open && setEarlier(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>This run's ACH file was downloaded before</AlertDialogTitle>
            <AlertDialogDescription>Uploading both files would pay these vendors twice.</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="text-sm">
            <p className="font-medium text-slate-900">Earlier files</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700" data-testid="earlier-exports">
              {(earlier ?? []).map((item) => (
                <li key={item.id}>{exportLine(item)}</li>
              ))}
            </ul>
            <p className="mt-3 text-slate-600">Download again only if the bank did not receive the earlier file.</p>
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button variant="destructive" disabled={busy} onClick={() => void download(true)}>
              Download again
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
