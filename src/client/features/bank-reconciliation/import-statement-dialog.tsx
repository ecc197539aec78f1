import { AlertTriangle, CheckCircle2, FileUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { formatFileSize } from '@/lib/file-size';
import { useMoneyFormat } from '@/lib/money-format';
import {
  type CsvStatementMapping,
  MAX_STATEMENT_BYTES,
  type StatementImportResult,
  type StatementPreview,
  bankStatementFormatLabels,
} from '@shared/contracts/bank-reconciliation';
import { useImportStatement, usePreviewStatement } from './api';
import { CsvMappingStep } from './csv-mapping-step';

type Step =
  | { kind: 'choose' }
  | { kind: 'mapping'; preview: StatementPreview }
  | { kind: 'confirm-account'; message: string; mapping: CsvStatementMapping | undefined }
  | { kind: 'result'; result: StatementImportResult };

const ACCEPT = '.ofx,.qfx,.xml,.bai,.bai2,.txt,.csv';
const tooLargeMessage = 'The file is larger than 20 MB: split it by date and import the parts';

/** Bank Accounts > account > Import statement: choose a file, map a CSV's columns, see what was added. */
export function ImportStatementDialog({
  bankAccount,
  open,
  onOpenChange,
}: {
  bankAccount: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewStatement(bankAccount.id);
  const importFile = useImportStatement(bankAccount.id);
  const { formatAmount } = useMoneyFormat();
  const busy = preview.isPending || importFile.isPending;

  useEffect(() => {
    if (open) {
      setFile(null);
      setStep({ kind: 'choose' });
      setError(null);
    }
  }, [open]);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.item(0) ?? null;
    setError(chosen && chosen.size > MAX_STATEMENT_BYTES ? tooLargeMessage : null);
    setFile(chosen);
  };

  const runImport = async (mapping: CsvStatementMapping | undefined, confirmAccount = false) => {
    if (!file) return;
    setError(null);
    try {
      const result = await importFile.mutateAsync({ file, mapping, confirmAccount });
      setStep({ kind: 'result', result });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'STATEMENT_OTHER_ACCOUNT') {
        setStep({ kind: 'confirm-account', message: failure.message, mapping });
      } else {
        setError(failure instanceof Error ? failure.message : 'The file could not be imported');
      }
    }
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || file.size > MAX_STATEMENT_BYTES) return;
    setError(null);
    try {
      const previewed = await preview.mutateAsync(file);
      // A CSV needs its columns mapped once; after that the account remembers the mapping.
      if (previewed.csv && !previewed.csv.remembered) setStep({ kind: 'mapping', preview: previewed });
      else await runImport(undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The file could not be read');
    }
  };

  const errorBox = error && (
    <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{error}</span>
    </p>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import statement</DialogTitle>
          <DialogDescription>
            Into <span className="font-medium text-slate-900">{bankAccount.name}</span>: OFX, QFX, camt.053, camt.054, BAI2 or CSV, up to 20 MB.
            Lines already imported are skipped.
          </DialogDescription>
        </DialogHeader>

        {step.kind === 'choose' && (
          <form onSubmit={start} className="space-y-4">
            <label
              htmlFor={inputId}
              className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm hover:border-slate-400"
            >
              <FileUp className="size-6 text-slate-500" aria-hidden="true" />
              <span className="font-medium">{file ? file.name : 'Choose a statement file'}</span>
              {file && <span className="text-slate-500">{formatFileSize(file.size)}</span>}
            </label>
            <input id={inputId} type="file" accept={ACCEPT} className="sr-only" onChange={chooseFile} aria-label="Statement file" disabled={busy} />
            {errorBox}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!file || busy || file.size > MAX_STATEMENT_BYTES}>
                {busy ? 'Importing…' : 'Import'}
              </Button>
            </DialogFooter>
          </form>
        )}

        {step.kind === 'mapping' && step.preview.csv && (
          <CsvMappingStep
            csv={step.preview.csv}
            pending={busy}
            error={errorBox}
            onBack={() => setStep({ kind: 'choose' })}
            onSubmit={(mapping) => runImport(mapping)}
          />
        )}

        {step.kind === 'confirm-account' && (
          <div className="space-y-4">
            <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">{step.message}</span>
            </p>
            {errorBox}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="button" disabled={busy} onClick={() => runImport(step.mapping, true)}>
                {busy ? 'Importing…' : 'Import anyway'}
              </Button>
            </DialogFooter>
          </div>
        )}

        {step.kind === 'result' && (
          <div className="space-y-4" data-testid="statement-import-result">
            <p className="flex items-center gap-2 text-sm font-medium text-green-800">
              <CheckCircle2 className="size-5" aria-hidden="true" />
              {bankStatementFormatLabels[step.result.format]} imported
            </p>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <Figure label="Lines added" value={String(step.result.linesAdded)} />
              <Figure label="Already imported" value={String(step.result.duplicates)} />
              <Figure label="Matched by rules" value={String(step.result.autoMatched)} />
              <Figure label="Closing balance" value={step.result.closingBalance === null ? '—' : formatAmount(step.result.closingBalance)} />
            </dl>
            {step.result.balanceDifference !== null && step.result.balanceDifference !== '0.00' && (
              <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  The file&apos;s closing balance differs from its opening balance plus its lines by {formatAmount(step.result.balanceDifference)}. Some
                  lines may be missing from the file: check it with the bank.
                </span>
              </p>
            )}
            <DialogFooter>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
