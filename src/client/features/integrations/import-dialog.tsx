import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { apiRequest } from '@/lib/api';
import { toast } from '@/lib/toast';
import {
  type ImportDateFormat,
  type ImportEntity,
  type ImportMapping,
  type ImportPreview,
  type ImportTemplate,
  MAX_IMPORT_BYTES,
  importAccept,
  importDateFormats,
  importEntities,
  importMessages,
} from '@shared/contracts/imports';
import { ImportErrorsTable, ImportMappingFields, ImportPreviewRows } from './import-preview-table';

/**
 * The import wizard of the Integration Hub (CSV / Excel, QuickBooks Online and Xero templates):
 * upload, column mapping, preview with per-row errors, commit. Opened from the hub's Marketplace
 * and Active Integrations cards, and from the Customers and Vendors pages.
 */
export interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose column template the file follows. */
  template: 'generic' | 'quickbooks_online' | 'xero';
  /** What the file holds, chosen in advance (the Customers page imports customers); the user picks when absent. */
  entity?: ImportEntity;
}

const templateLabels: Record<ImportTemplate, string> = { generic: 'CSV / Excel', quickbooks_online: 'QuickBooks Online', xero: 'Xero' };
const entityLabels: Record<ImportEntity, { one: string; many: string; title: string }> = {
  customers: { one: 'customer', many: 'customers', title: 'Customers' },
  vendors: { one: 'vendor', many: 'vendors', title: 'Vendors' },
  invoices: { one: 'invoice', many: 'invoices', title: 'Invoices' },
  bills: { one: 'bill', many: 'bills', title: 'Bills' },
};
const AUTO = 'auto';
type DateChoice = ImportDateFormat | typeof AUTO;

const count = (n: number, entity: ImportEntity) => `${n} ${n === 1 ? entityLabels[entity].one : entityLabels[entity].many}`;

function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!importAccept.split(',').some((extension) => name.endsWith(extension))) return importMessages.invalidType;
  if (file.size > MAX_IMPORT_BYTES) return importMessages.tooLarge;
  if (file.size === 0) return importMessages.fileRequired;
  return null;
}

/** How often the dialog asks how far a commit has come. */
const POLL_MS = 1000;

function resultText(result: Record<string, number>, entity: ImportEntity): string {
  const parts = [`${count(result.created ?? 0, entity)} imported`];
  if (result.matched) parts.push(`${result.matched} already there, skipped`);
  if (result.customersCreated && entity !== 'customers') parts.push(`${result.customersCreated} new customers`);
  if (result.vendorsCreated && entity !== 'vendors') parts.push(`${result.vendorsCreated} new vendors`);
  return `${parts.join(', ')}.`;
}

function failed(title: string) {
  return (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
}

export function ImportDialog({ open, onOpenChange, template, entity: presetEntity }: ImportDialogProps) {
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [entity, setEntity] = useState<ImportEntity>(presetEntity ?? 'customers');
  const [dateChoice, setDateChoice] = useState<DateChoice>(AUTO);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mappingEdited, setMappingEdited] = useState(false);
  /** The import being committed by its job: polled until committed or failed. */
  const [committingId, setCommittingId] = useState<string | null>(null);

  useEffect(() => {
    if (!open) {
      setCommittingId(null);
      setPreview(null);
      setFileError(null);
      setMappingEdited(false);
      setDateChoice(AUTO);
      setEntity(presetEntity ?? 'customers');
    }
  }, [open, presetEntity]);

  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('entity', entity);
      form.append('template', template);
      if (dateChoice !== AUTO) form.append('dateFormat', dateChoice);
      // A corrected file keeps a mapping the user chose; otherwise its own headers are read again.
      if (preview && mappingEdited) form.append('mapping', JSON.stringify(preview.mapping));
      form.append('file', file);
      return apiRequest<ImportPreview>('POST', '/api/imports', form);
    },
    onSuccess: setPreview,
    onError: failed('Upload Failed'),
  });

  const remap = useMutation({
    mutationFn: (change: { mapping?: ImportMapping; dateFormat?: ImportDateFormat | null }) =>
      apiRequest<ImportPreview>('PUT', `/api/imports/${preview?.id ?? ''}/mapping`, change),
    onSuccess: setPreview,
    onError: failed('Mapping Failed'),
  });

  const commit = useMutation({
    mutationFn: (id: string) => apiRequest<ImportPreview>('POST', `/api/imports/${id}/commit`),
    onSuccess: (state) => {
      // A retry of a failed commit polls again from this state.
      queryClient.setQueryData([`/api/imports/${state.id}`], state);
      setCommittingId(state.id);
    },
    onError: failed('Import Failed'),
  });

  // The commit runs as a job: its progress is read until it ends (the workspace is in the key's hash).
  const progress = useQuery<ImportPreview>({
    queryKey: [`/api/imports/${committingId ?? ''}`],
    enabled: committingId !== null,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'committing' ? false : POLL_MS),
  });
  const committing = progress.data ?? (commit.data && commit.data.id === committingId ? commit.data : undefined);
  const finishedStatus = progress.data?.status;

  useEffect(() => {
    const state = progress.data;
    if (!state || state.id !== committingId) return;
    if (state.status === 'committed') {
      toast({ title: 'Import Complete', description: resultText(state.result ?? {}, entity) });
      // A bulk import touches lists, counts and figures across the app.
      void queryClient.invalidateQueries().then(() => onOpenChange(false));
    } else if (state.status === 'failed') {
      toast({ title: 'Import Failed', description: state.commitError ?? 'Nothing was imported.', variant: 'destructive' });
    }
    // finishedStatus names the transition; the effect runs once per end of a commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finishedStatus, committingId]);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.item(0) ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    setFileError(problem);
    if (!problem) upload.mutate(file);
  };

  const changeDate = (value: string) => {
    const choice = value as DateChoice;
    setDateChoice(choice);
    if (preview) remap.mutate({ dateFormat: choice === AUTO ? null : choice });
  };

  const inProgress = committingId !== null && committing?.status !== 'failed';
  const busy = upload.isPending || remap.isPending || commit.isPending || inProgress;
  const toCreate = preview?.summary.created ?? 0;
  const templateHref = `/api/imports/templates/${template}/${entity}.csv`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import {entityLabels[entity].title}</DialogTitle>
          <DialogDescription>
            {templateLabels[template]}: upload a .csv or .xlsx file (up to 10MB, 50,000 rows), check the columns and the rows, then import. Nothing is
            saved until you import, and records already there are skipped.
          </DialogDescription>
        </DialogHeader>

        <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-2">
          {!presetEntity && (
            <Field label="What the file holds">
              {(control) => (
                <Select
                  value={entity}
                  onValueChange={(value) => {
                    setEntity(value as ImportEntity);
                    setPreview(null);
                    setMappingEdited(false);
                  }}
                  disabled={busy}
                >
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {importEntities.map((value) => (
                      <SelectItem key={value} value={value}>
                        {entityLabels[value].title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          )}
          {(entity === 'invoices' || entity === 'bills') && (
            <Field label="Date format" description={preview ? `Reading dates as ${preview.dateFormat} (${preview.dateFormatSource === 'chosen' ? 'chosen' : preview.dateFormatSource === 'values' ? "told from the file's dates" : "the template's"})` : undefined}>
              {(control) => (
                <Select value={dateChoice} onValueChange={changeDate} disabled={busy}>
                  <SelectTrigger {...control} className="w-full" data-testid="import-date-format">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={AUTO}>From the file</SelectItem>
                    {importDateFormats.map((format) => (
                      <SelectItem key={format} value={format}>
                        {format}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          )}
        </div>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label
            htmlFor={fileInputId}
            className="flex cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-dashed border-slate-300 px-4 py-3 text-sm font-medium hover:border-slate-400"
          >
            <FileUp className="size-5 text-slate-500" aria-hidden="true" />
            {upload.isPending ? 'Reading the file...' : preview ? 'Upload a corrected file' : 'Choose a .csv or .xlsx file'}
            <input
              id={fileInputId}
              data-testid="import-file-input"
              type="file"
              accept={importAccept}
              className="sr-only"
              disabled={busy}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? `${fileInputId}-error` : undefined}
              onChange={chooseFile}
            />
          </label>
          <a href={templateHref} download className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
            <Download className="size-4" aria-hidden="true" />
            Download the {templateLabels[template]} {entityLabels[entity].many} template
          </a>
        </div>
        {fileError && (
          <p id={`${fileInputId}-error`} role="alert" className="text-sm text-destructive">
            {fileError}
          </p>
        )}

        {committing && committingId !== null && (
          <div className="space-y-2" data-testid="import-progress">
            {committing.status === 'failed' ? (
              <p role="alert" className="text-sm text-destructive">
                Import failed, nothing was imported: {committing.commitError ?? 'try again.'}
              </p>
            ) : (
              <>
                <p className="text-sm" aria-live="polite" id={`${fileInputId}-progress`}>
                  {committing.status === 'committed'
                    ? `Imported: ${resultText(committing.result ?? {}, entity)}`
                    : `Importing ${committing.rowsDone.toLocaleString()} of ${committing.rowCount.toLocaleString()} rows`}
                </p>
                <Progress
                  aria-labelledby={`${fileInputId}-progress`}
                  value={committing.rowCount > 0 ? (committing.rowsDone / committing.rowCount) * 100 : 0}
                />
              </>
            )}
          </div>
        )}

        {preview && (
          <div className="space-y-4" aria-busy={busy}>
            <p className="text-sm" data-testid="import-summary">
              <span className="font-medium break-all">{preview.fileName}</span>: {preview.rowCount} {preview.rowCount === 1 ? 'row' : 'rows'}, {count(toCreate, entity)} to
              create
              {preview.summary.matched ? `, ${preview.summary.matched} already there (skipped)` : ''}
              {preview.summary.newCustomers ? `, ${preview.summary.newCustomers} new customers` : ''}
              {preview.summary.newVendors ? `, ${preview.summary.newVendors} new vendors` : ''}.
            </p>
            <ImportErrorsTable preview={preview} />
            <details className="rounded-md border p-3" open={preview.errors.some((error) => error.row === 1)}>
              <summary className="cursor-pointer text-sm font-semibold">Columns</summary>
              <div className="mt-3">
                <ImportMappingFields
                  preview={preview}
                  disabled={busy}
                  onMappingChange={(mapping) => {
                    setMappingEdited(true);
                    remap.mutate({ mapping });
                  }}
                />
              </div>
            </details>
            <ImportPreviewRows preview={preview} />
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={commit.isPending}>
            {inProgress ? 'Close' : 'Cancel'}
          </Button>
          <Button
            onClick={() => preview && commit.mutate(preview.id)}
            disabled={!preview || preview.errorCount > 0 || toCreate === 0 || busy}
          >
            {commit.isPending || inProgress ? 'Importing...' : committing?.status === 'failed' ? 'Try again' : preview && toCreate === 0 && preview.errorCount === 0 ? 'Nothing new to import' : `Import ${count(toCreate, entity)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
