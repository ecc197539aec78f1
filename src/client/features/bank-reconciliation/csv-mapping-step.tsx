import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  type CsvDateFormat,
  type CsvStatementMapping,
  type StatementPreview,
  csvDateFormats,
  csvStatementMappingSchema,
} from '@shared/contracts/bank-reconciliation';

type Role = 'date' | 'amount' | 'debit' | 'credit' | 'description' | 'reference';
const NONE = 'none';

const roles: Array<{ role: Role; label: string; required?: boolean }> = [
  { role: 'date', label: 'Date', required: true },
  { role: 'description', label: 'Description', required: true },
  { role: 'amount', label: 'Amount' },
  { role: 'debit', label: 'Debit (money out)' },
  { role: 'credit', label: 'Credit (money in)' },
  { role: 'reference', label: 'Reference' },
];

type Columns = Record<Role, string>;

function columnsOf(mapping: CsvStatementMapping | null): Columns {
  const text = (value: number | null | undefined) => (value == null ? NONE : String(value));
  return {
    date: text(mapping?.date),
    amount: text(mapping?.amount),
    debit: text(mapping?.debit),
    credit: text(mapping?.credit),
    description: text(mapping?.description),
    reference: text(mapping?.reference),
  };
}

/** Which column holds what, checked against the sample rows, with the contract's own rules. */
export function CsvMappingStep({
  csv,
  pending,
  error,
  onBack,
  onSubmit,
}: {
  csv: NonNullable<StatementPreview['csv']>;
  pending: boolean;
  error: ReactNode;
  onBack: () => void;
  onSubmit: (mapping: CsvStatementMapping) => void;
}) {
  const commaId = useId();
  const headerId = useId();
  const [hasHeader, setHasHeader] = useState(csv.mapping?.hasHeader ?? true);
  // Without a header row the first row is data, and columns go by their position.
  const columnNames = hasHeader ? csv.header : csv.header.map((_, index) => `Column ${index + 1}`);
  const sampleRows = hasHeader ? csv.rows : [csv.header, ...csv.rows].slice(0, 10);
  const [columns, setColumns] = useState<Columns>(() => columnsOf(csv.mapping));
  const [dateFormat, setDateFormat] = useState<CsvDateFormat>(csv.mapping?.dateFormat ?? 'YYYY-MM-DD');
  const [decimalComma, setDecimalComma] = useState(csv.mapping?.decimalComma ?? false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const delimiter = csv.mapping?.delimiter ?? ',';

  const submit = () => {
    const value = (role: Role) => (columns[role] === NONE ? null : Number(columns[role]));
    const parsed = csvStatementMappingSchema.safeParse({
      date: value('date') ?? undefined,
      description: value('description') ?? undefined,
      amount: value('amount'),
      debit: value('debit'),
      credit: value('credit'),
      reference: value('reference'),
      dateFormat,
      decimalComma,
      delimiter,
      hasHeader,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'amount');
      setProblem({ field, message: field === 'date' || field === 'description' ? `Choose the ${field} column` : (issue?.message ?? 'Check the columns') });
      return;
    }
    setProblem(null);
    onSubmit(parsed.data);
  };

  return (
    <div className="space-y-4" data-testid="csv-mapping">
      <p className="text-sm text-slate-600">
        Tell us which column holds the date, the description, and either a signed amount (money out negative) or a debit and a credit column. The
        mapping is remembered for this account.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {roles.map(({ role, label, required }) => (
          <Field key={role} label={label} error={problem?.field === role ? problem.message : undefined}>
            {(control) => (
              <Select value={columns[role]} onValueChange={(next) => setColumns((current) => ({ ...current, [role]: next }))}>
                <SelectTrigger {...control} className="w-full" aria-label={label}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {!required && <SelectItem value={NONE}>None</SelectItem>}
                  {required && columns[role] === NONE && <SelectItem value={NONE}>Choose a column</SelectItem>}
                  {columnNames.map((name, index) => (
                    <SelectItem key={index} value={String(index)}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        ))}
        <Field label="Date format">
          {(control) => (
            <Select value={dateFormat} onValueChange={(next) => setDateFormat(next as CsvDateFormat)}>
              <SelectTrigger {...control} className="w-full" aria-label="Date format">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {csvDateFormats.map((format) => (
                  <SelectItem key={format} value={format}>
                    {format}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
        <div className="space-y-2 sm:col-span-2 sm:pt-6">
          <div className="flex items-center gap-2">
            <Checkbox id={commaId} checked={decimalComma} onCheckedChange={(checked) => setDecimalComma(checked === true)} />
            <Label htmlFor={commaId}>Amounts use a comma as the decimal point (1.234,56)</Label>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={headerId} checked={hasHeader} onCheckedChange={(checked) => setHasHeader(checked === true)} />
            <Label htmlFor={headerId}>The first row holds the column names</Label>
          </div>
        </div>
      </div>

      <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
        <Table>
          <TableHeader>
            <TableRow>
              {columnNames.map((name, index) => (
                <TableHead key={index} className="whitespace-nowrap">
                  {name}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sampleRows.map((row, rowIndex) => (
              <TableRow key={rowIndex}>
                {csv.header.map((_, index) => (
                  <TableCell key={index} className="max-w-56 truncate whitespace-nowrap" title={row[index] ?? ''}>
                    {row[index] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {error}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="button" onClick={submit} disabled={pending}>
          {pending ? 'Importing…' : 'Import'}
        </Button>
      </DialogFooter>
    </div>
  );
}
