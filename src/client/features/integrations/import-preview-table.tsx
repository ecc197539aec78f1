import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ImportMapping, ImportPreview } from '@shared/contracts/imports';

// Radix Select items cannot have an empty value; this one stands for "not imported".
const NOT_IMPORTED = '__none__';

/** One select per field of ours, listing the file's columns. */
export function ImportMappingFields({
  preview,
  disabled,
  onMappingChange,
}: {
  preview: ImportPreview;
  disabled: boolean;
  onMappingChange: (mapping: ImportMapping) => void;
}) {
  const change = (field: string, column: string) => {
    const next = { ...preview.mapping };
    if (column === NOT_IMPORTED) delete next[field];
    else next[field] = column;
    onMappingChange(next);
  };
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Column mapping">
      {preview.fields.map((field) => (
        <Field key={field.field} label={field.label} required={field.required}>
          {(control) => (
            <Select value={preview.mapping[field.field] ?? NOT_IMPORTED} onValueChange={(value) => change(field.field, value)} disabled={disabled}>
              <SelectTrigger {...control} className="w-full" data-testid={`mapping-${field.field}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_IMPORTED}>Not imported</SelectItem>
                {preview.columns
                  .filter((column) => column !== '')
                  .map((column) => (
                    <SelectItem key={column} value={column}>
                      {column}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** Every error of the file: row number (the header is row 1), field and message. */
export function ImportErrorsTable({ preview }: { preview: ImportPreview }) {
  if (preview.errorCount === 0) return null;
  const label = (field: string) => preview.fields.find((candidate) => candidate.field === field)?.label ?? field;
  return (
    <section aria-labelledby="import-errors-title" className="space-y-2">
      <h3 id="import-errors-title" className="text-sm font-semibold text-destructive" role="alert">
        {preview.errorCount === 1 ? '1 error' : `${preview.errorCount} errors`} to fix before importing
      </h3>
      {/* Scrolls on its own: focusable so keyboard users can scroll it too. */}
      <div className="max-h-56 overflow-auto rounded-md border border-destructive/40" tabIndex={0} role="region" aria-labelledby="import-errors-title">
        <Table data-testid="import-errors">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Row</TableHead>
              <TableHead>Field</TableHead>
              <TableHead>Problem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.errors.map((error, index) => (
              <TableRow key={`${error.row}-${error.field}-${index}`}>
                <TableCell className="tabular-nums">{error.row}</TableCell>
                <TableCell>{label(error.field)}</TableCell>
                <TableCell className="whitespace-normal">{error.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {preview.errors.length < preview.errorCount && (
        <p className="text-xs text-muted-foreground">The first {preview.errors.length} are shown.</p>
      )}
    </section>
  );
}

/** The first rows of the file as they will be imported, by our field names. */
export function ImportPreviewRows({ preview }: { preview: ImportPreview }) {
  const fields = preview.fields.filter((field) => preview.mapping[field.field]);
  if (fields.length === 0 || preview.previewRows.length === 0) return null;
  const errorRows = new Set(preview.errors.map((error) => error.row));
  return (
    <section aria-labelledby="import-preview-title" className="space-y-2">
      <h3 id="import-preview-title" className="text-sm font-semibold">
        Preview (first {preview.previewRows.length} of {preview.rowCount} rows)
      </h3>
      <div className="max-h-72 overflow-auto rounded-md border" tabIndex={0} role="region" aria-labelledby="import-preview-title">
        <Table data-testid="import-preview">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Row</TableHead>
              {fields.map((field) => (
                <TableHead key={field.field}>{field.label}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.previewRows.map((row) => (
              <TableRow key={row.row} className={errorRows.has(row.row) ? 'bg-destructive/5' : undefined}>
                <TableCell className="tabular-nums">{row.row}</TableCell>
                {fields.map((field) => (
                  <TableCell key={field.field} className="max-w-48 truncate">
                    {row.values[field.field] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
