import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser, useOrganizationTimeZone } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { type Tax1099Filing, type Tax1099FilingState, type Tax1099FilingStatus, type Tax1099Settings, tax1099SettingsBody } from '@shared/contracts/tax-1099';
import { type FilingFormat, type LeftOutLine, leftOutOf, useDownloadFiling, useFilingSettings, useFilingState, useFilings, useMarkFiled, useSaveFilingSettings } from './filing-api';

const STATUS: Record<Tax1099FilingStatus, { label: string; variant: BadgeVariant }> = {
  not_started: { label: 'Not started', variant: 'secondary' },
  in_progress: { label: 'Forms issued, no file yet', variant: 'info' },
  file_generated: { label: 'File generated, not filed', variant: 'warning' },
  filed: { label: 'Filed', variant: 'success' },
  correction_due: { label: 'Correction due', variant: 'destructive' },
};
const FORMAT_LABEL: Record<FilingFormat, string> = { iris_csv: 'IRIS CSV', pub1220: 'Publication 1220' };
const CAN_FILE = new Set(['owner', 'admin', 'accountant']);

/** Where the filing stands when the year summary is not there: read from the files generated. */
function stateFromFilings(filings: readonly Tax1099Filing[]): Tax1099FilingState {
  const real = filings.filter((f) => !f.isTest);
  const filed = real.find((f) => f.filedAt);
  const last = real[0];
  return {
    status: filed ? 'filed' : last ? 'file_generated' : 'not_started',
    lastFileAt: last?.createdAt ?? null,
    lastFileFormat: last?.format ?? null,
    filedAt: filed?.filedAt ?? null,
  };
}

function useDateTime() {
  const timeZone = useOrganizationTimeZone();
  return (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * The year's IRS filing on the 1099 page: where it stands, the payer's filing settings, the IRIS
 * CSV and Publication 1220 downloads (with the payees a file would leave out), and the files
 * generated, each marked filed once uploaded to the IRS.
 */
export function FilingPanel({ year }: { year: number }) {
  const { data: user } = useCurrentUser();
  const canFile = CAN_FILE.has(user?.role ?? '');
  const summaryState = useFilingState(year);
  const filings = useFilings(year);
  const download = useDownloadFiling(year);
  const markFiled = useMarkFiled();
  const formatDateTime = useDateTime();
  const { formatAmount } = useMoneyFormat();
  const [blocked, setBlocked] = useState<{ format: FilingFormat; test: boolean; message: string; leftOut: LeftOutLine[] } | null>(null);

  const state = summaryState.data ?? stateFromFilings(filings.data ?? []);
  const status = STATUS[state.status];

  const generate = (format: FilingFormat, test = false, includePartial = false) =>
    download.mutate(
      { format, test, includePartial },
      {
        onSuccess: (name) => {
          setBlocked(null);
          toast({ title: 'Filing file downloaded', description: name });
        },
        onError: (error) => {
          const leftOut = leftOutOf(error);
          if (leftOut.length > 0) setBlocked({ format, test, message: error.message, leftOut });
          else {
            setBlocked(null);
            toast({ title: 'Could not generate the file', description: error.message, variant: 'destructive' });
          }
        },
      },
    );

  return (
    <Card aria-labelledby="filing-panel-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="filing-panel-title">IRS Filing for {year}</h2>
        </CardTitle>
        <CardDescription>
          The file for the IRS carries each payee's latest issued form; corrected forms go as corrections. Upload the IRIS CSV in the IRIS Taxpayer
          Portal, or send the Publication 1220 file through FIRE, then mark it filed.
          {year >= 2026 && ' The IRS is retiring FIRE for returns filed from January 2027 (tax year 2026 on): file those through IRIS.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center gap-3" data-testid="filing-state">
          <span className="text-sm text-slate-600">Filing status</span>
          <Badge variant={status.variant}>{status.label}</Badge>
          {state.lastFileAt && (
            <span className="text-sm text-slate-600">
              Last file {formatDateTime(state.lastFileAt)}
              {state.lastFileFormat ? ` (${FORMAT_LABEL[state.lastFileFormat]})` : ''}
            </span>
          )}
          {state.filedAt && <span className="text-sm text-slate-600">Filed {formatDateTime(state.filedAt)}</span>}
        </div>

        {canFile && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => generate('iris_csv')} disabled={download.isPending}>
              Download IRIS CSV
            </Button>
            <Button variant="outline" onClick={() => generate('pub1220')} disabled={download.isPending}>
              Download Publication 1220 file
            </Button>
            <Button variant="ghost" onClick={() => generate('pub1220', true)} disabled={download.isPending}>
              Publication 1220 test file
            </Button>
          </div>
        )}

        {blocked && (
          <div role="alert" className="rounded-md border border-yellow-300 bg-yellow-50 p-4 text-sm" data-testid="filing-left-out">
            <p className="font-medium text-yellow-900">{blocked.message}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-yellow-900">
              {blocked.leftOut.map((line) => (
                <li key={line.key}>{line.text}</li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => generate(blocked.format, blocked.test, true)} disabled={download.isPending}>
                Download without them
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setBlocked(null)}>
                Cancel
              </Button>
            </div>
          </div>
        )}

        <section aria-labelledby="filing-files-title" className="grid gap-2">
          <h3 id="filing-files-title" className="text-base font-semibold">
            Files Generated
          </h3>
          {filings.isLoading ? (
            <Skeleton className="h-20 w-full" />
          ) : (filings.data ?? []).length === 0 ? (
            <p className="text-sm text-slate-600">No filing file generated for {year} yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Generated</TableHead>
                    <TableHead>Format</TableHead>
                    <TableHead className="text-right">Forms</TableHead>
                    <TableHead className="text-right">Total</TableHead>
                    <TableHead>Left out</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {(filings.data ?? []).map((filing) => (
                    <TableRow key={filing.id} data-testid="filing-row">
                      <TableCell className="whitespace-nowrap">{formatDateTime(filing.createdAt)}</TableCell>
                      <TableCell>
                        <div className="flex flex-wrap items-center gap-1">
                          {FORMAT_LABEL[filing.format]}
                          {filing.kind === 'correction' && <Badge variant="warning">Corrections</Badge>}
                          {filing.isTest && <Badge variant="secondary">Test</Badge>}
                        </div>
                      </TableCell>
                      <TableCell className="text-right">{filing.formCount}</TableCell>
                      <TableCell className="text-right">{formatAmount(filing.total)}</TableCell>
                      <TableCell>
                        {filing.leftOut.length === 0 ? (
                          '—'
                        ) : (
                          <ul className="space-y-1 text-sm">
                            {filing.leftOut.map((l) => (
                              <li key={`${l.vendorId}-${l.reason}`}>
                                <span className="font-medium">{l.name}</span>: {l.reason}
                              </li>
                            ))}
                          </ul>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {filing.filedAt ? (
                          <Badge variant="success">Filed {formatDateTime(filing.filedAt)}</Badge>
                        ) : filing.isTest ? (
                          <span className="text-sm text-slate-500">Test only</span>
                        ) : canFile ? (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={markFiled.isPending}
                            onClick={() =>
                              markFiled.mutate(filing.id, {
                                onSuccess: () => toast({ title: 'Marked as filed' }),
                                onError: (error) => toast({ title: 'Could not mark as filed', description: error.message, variant: 'destructive' }),
                              })
                            }
                          >
                            Mark as filed
                          </Button>
                        ) : (
                          <span className="text-sm text-slate-500">Not filed</span>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </section>

        <FilingSettings canEdit={canFile} />
      </CardContent>
    </Card>
  );
}

type SettingsValues = z.input<typeof tax1099SettingsBody>;
const SETTINGS_FIELDS = ['transmitterControlCode', 'contactName', 'contactPhone', 'contactEmail', 'payerEin', 'address', 'city', 'state', 'zipCode'] as const;

function FilingSettings({ canEdit }: { canEdit: boolean }) {
  const { data } = useFilingSettings();
  if (!data) return <Skeleton className="h-32 w-full" />;
  return <FilingSettingsForm key={JSON.stringify(data)} settings={data} canEdit={canEdit} />;
}

function FilingSettingsForm({ settings, canEdit }: { settings: Tax1099Settings; canEdit: boolean }) {
  const save = useSaveFilingSettings();
  const form = useForm<SettingsValues, unknown, z.output<typeof tax1099SettingsBody>>({
    resolver: zodResolver(tax1099SettingsBody),
    defaultValues: {
      transmitterControlCode: settings.transmitterControlCode ?? '',
      contactName: settings.contactName ?? '',
      contactPhone: settings.contactPhone ?? '',
      contactEmail: settings.contactEmail ?? '',
      payerEin: '',
      address: settings.address ?? '',
      city: settings.city ?? '',
      state: settings.state ?? '',
      zipCode: settings.zipCode ?? '',
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Filing settings saved' }),
      onError: (error) => {
        applyServerErrors(error, form.setError, SETTINGS_FIELDS);
        toast({ title: 'Could not save the filing settings', description: error.message, variant: 'destructive' });
      },
    }),
  );
  return (
    <section aria-labelledby="filing-settings-title" className="grid gap-3">
      <h3 id="filing-settings-title" className="text-base font-semibold">
        Filing Settings
      </h3>
      <p className="text-sm text-slate-600">
        The payer is this workspace, under its name, EIN and mailing address. The Publication 1220 file also needs the Transmitter Control Code
        the IRS issued you and a contact.
      </p>
      <form onSubmit={submit} noValidate aria-label="1099 filing settings" className="grid items-start gap-4 sm:grid-cols-2">
        <Field
          label="Payer EIN"
          description={settings.payerEinMasked ? `On file: ${settings.payerEinMasked}. Leave blank to keep it.` : 'The workspace EIN, 12-3456789.'}
          error={errors.payerEin?.message}
        >
          <Input autoComplete="off" inputMode="numeric" disabled={!canEdit} {...form.register('payerEin')} />
        </Field>
        <Field label="Payer address" error={errors.address?.message}>
          <Input autoComplete="street-address" disabled={!canEdit} {...form.register('address')} />
        </Field>
        <Field label="City" error={errors.city?.message}>
          <Input autoComplete="address-level2" disabled={!canEdit} {...form.register('city')} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="State" error={errors.state?.message}>
            <Input autoComplete="address-level1" maxLength={2} disabled={!canEdit} {...form.register('state')} />
          </Field>
          <Field label="ZIP code" error={errors.zipCode?.message}>
            <Input autoComplete="postal-code" inputMode="numeric" disabled={!canEdit} {...form.register('zipCode')} />
          </Field>
        </div>
        <Field label="Transmitter Control Code (TCC)" description="5 letters or digits, from your IRS TCC application." error={errors.transmitterControlCode?.message}>
          <Input autoComplete="off" disabled={!canEdit} {...form.register('transmitterControlCode')} />
        </Field>
        <Field label="Contact name" error={errors.contactName?.message}>
          <Input autoComplete="name" disabled={!canEdit} {...form.register('contactName')} />
        </Field>
        <Field label="Contact phone" error={errors.contactPhone?.message}>
          <Input type="tel" autoComplete="tel" disabled={!canEdit} {...form.register('contactPhone')} />
        </Field>
        <Field label="Contact email" error={errors.contactEmail?.message}>
          <Input type="email" autoComplete="email" disabled={!canEdit} {...form.register('contactEmail')} />
        </Field>
        {canEdit && (
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save Filing Settings'}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
