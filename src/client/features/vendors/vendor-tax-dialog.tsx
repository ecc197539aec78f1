import { format, parseISO } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Send } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import {
  type VendorTaxProfile,
  form1099BoxInfo,
  form1099Boxes,
  llcTaxClassifications,
  taxClassificationLabels,
  taxClassifications,
} from '@shared/contracts/tax-1099';
import type { Vendor } from '@shared/contracts/vendors';
import { useRequestW9, useSaveTaxProfile, useVendorTaxProfile } from './api';

/** The form's values: selects hold '' for "none chosen". */
interface TaxFormValues {
  legalName: string;
  businessName: string;
  taxClassification: string;
  llcTaxClassification: string;
  otherClassification: string;
  exemptPayeeCode: string;
  fatcaExemptionCode: string;
  tinType: string;
  tin: string;
  form1099Box: string;
  isAttorney: boolean;
}

const FIELDS = ['legalName', 'businessName', 'taxClassification', 'llcTaxClassification', 'otherClassification', 'exemptPayeeCode', 'fatcaExemptionCode', 'tinType', 'tin', 'form1099Box'] as const;

function defaults(profile: VendorTaxProfile | undefined): TaxFormValues {
  return {
    legalName: profile?.legalName ?? '',
    businessName: profile?.businessName ?? '',
    taxClassification: profile?.taxClassification ?? '',
    llcTaxClassification: profile?.llcTaxClassification ?? '',
    otherClassification: profile?.otherClassification ?? '',
    exemptPayeeCode: profile?.exemptPayeeCode ?? '',
    fatcaExemptionCode: profile?.fatcaExemptionCode ?? '',
    tinType: profile?.tinType ?? '',
    // Never sent back whole: blank keeps the stored TIN.
    tin: '',
    form1099Box: profile?.form1099Box ?? '',
    isAttorney: profile?.isAttorney ?? false,
  };
}

const blank = (value: string) => value.trim() || null;
const formatDate = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

const boxOptions = [...form1099Boxes.map((box) => ({ value: box, label: form1099BoxInfo[box].label })), { value: 'none', label: 'Not reportable' }];
const classificationOptions = taxClassifications.map((value) => ({ value, label: taxClassificationLabels[value] }));

/** "On file since Mar 3, 2026", "Requested on …", or "Missing". */
export function W9Status({ profile }: { profile: VendorTaxProfile }) {
  if (profile.w9ReceivedAt) {
    const source = profile.w9Source === 'form' ? 'filled by the vendor' : profile.w9Source === 'upload' ? 'from an upload' : 'typed in';
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="w9-status">
        <Badge variant="success">W-9 on file</Badge>
        <span className="text-slate-600">
          since {formatDate(profile.w9ReceivedAt)}, {source}
        </span>
        {profile.w9DocumentId && (
          <a className="text-primary underline-offset-4 hover:underline" href={`/api/documents/${profile.w9DocumentId}/file`} target="_blank" rel="noreferrer">
            View W-9
          </a>
        )}
      </p>
    );
  }
  const last = profile.lastRequest;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="w9-status">
      <Badge variant="warning">W-9 missing</Badge>
      {last && (
        <span className="text-slate-600">
          {last.status === 'sent'
            ? `requested on ${formatDate(last.createdAt)} from ${last.email}`
            : last.status === 'failed'
              ? `the request of ${formatDate(last.createdAt)} could not be mailed`
              : `the request of ${formatDate(last.createdAt)} ${last.status === 'expired' ? 'expired' : 'was replaced'}`}
        </span>
      )}
    </p>
  );
}

function RequestW9({ vendor }: { vendor: Vendor }) {
  const request = useRequestW9(vendor.id);
  const [includePayment, setIncludePayment] = useState(false);
  const id = useId();
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={includePayment} onCheckedChange={(checked) => setIncludePayment(checked === true)} />
        <Label htmlFor={id} className="font-normal">
          Also ask for payment details
        </Label>
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={request.isPending}
        onClick={() =>
          request.mutate(
            { includePayment },
            {
              onSuccess: (sent) => toast({ title: 'W-9 request sent', description: `A link to the form was mailed to ${sent.email}.` }),
              onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
            },
          )
        }
      >
        <Send aria-hidden="true" />
        {request.isPending ? 'Sending…' : 'Request W-9'}
      </Button>
      <p className="text-xs text-slate-500">The vendor gets a link to fill its W-9 online, good once for 30 days. A new request replaces an open one.</p>
    </div>
  );
}

/** A vendor's W-9 and 1099 details (issue 32): W-9 status, tax fields, the TIN only masked. */
export function VendorTaxDialog({ vendor, onOpenChange }: { vendor: Vendor | null; onOpenChange: (open: boolean) => void }) {
  const profile = useVendorTaxProfile(vendor?.id ?? null);
  return (
    <Dialog open={vendor !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Tax details</DialogTitle>
          <DialogDescription>{vendor?.name}: the W-9 on file and how its payments are reported on a 1099.</DialogDescription>
        </DialogHeader>
        {!vendor || profile.isLoading ? (
          <Skeleton className="h-80" />
        ) : profile.isError || !profile.data ? (
          <p role="alert">{profile.error?.message ?? 'Could not load the tax details'}</p>
        ) : (
          <TaxForm key={vendor.id} vendor={vendor} profile={profile.data} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TaxForm({ vendor, profile, onDone }: { vendor: Vendor; profile: VendorTaxProfile; onDone: () => void }) {
  const save = useSaveTaxProfile(vendor.id);
  const form = useForm<TaxFormValues>({ defaultValues: defaults(profile) });
  const { register, handleSubmit, control, reset, setError, formState } = form;
  const { errors } = formState;
  useEffect(() => reset(defaults(profile)), [profile, reset]);
  const classification = useWatch({ control, name: 'taxClassification' });
  const attorneyId = useId();

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        legalName: blank(values.legalName),
        businessName: blank(values.businessName),
        taxClassification: (blank(values.taxClassification) as VendorTaxProfile['taxClassification']) ?? null,
        llcTaxClassification: values.taxClassification === 'llc' ? ((blank(values.llcTaxClassification) as VendorTaxProfile['llcTaxClassification']) ?? null) : null,
        otherClassification: values.taxClassification === 'other' ? blank(values.otherClassification) : null,
        exemptPayeeCode: blank(values.exemptPayeeCode),
        fatcaExemptionCode: blank(values.fatcaExemptionCode),
        tinType: (blank(values.tinType) as VendorTaxProfile['tinType']) ?? null,
        tin: blank(values.tin),
        form1099Box: (blank(values.form1099Box) as VendorTaxProfile['form1099Box']) ?? null,
        isAttorney: values.isAttorney,
      });
      toast({ title: 'Tax details saved' });
      onDone();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'Could not save the tax details', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <W9Status profile={profile} />
      <RequestW9 vendor={vendor} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="Legal name (W-9 line 1)" error={errors.legalName?.message}>
          <Input {...register('legalName')} />
        </Field>
        <Field label="Business name (line 2)" error={errors.businessName?.message}>
          <Input {...register('businessName')} />
        </Field>
        <SelectField control={control} name="taxClassification" label="Federal tax classification" options={classificationOptions} noneLabel="Not given" error={errors.taxClassification?.message} />
        {classification === 'llc' && (
          <SelectField
            control={control}
            name="llcTaxClassification"
            label="LLC taxed as"
            options={llcTaxClassifications.map((value) => ({ value, label: { C: 'C corporation', S: 'S corporation', P: 'Partnership' }[value] }))}
            placeholder="Choose C, S or P"
            error={errors.llcTaxClassification?.message}
          />
        )}
        {classification === 'other' && (
          <Field label="Other classification" error={errors.otherClassification?.message}>
            <Input {...register('otherClassification')} />
          </Field>
        )}
        <Field label="Exempt payee code" error={errors.exemptPayeeCode?.message}>
          <Input {...register('exemptPayeeCode')} inputMode="numeric" maxLength={2} />
        </Field>
        <Field label="FATCA exemption code" error={errors.fatcaExemptionCode?.message}>
          <Input {...register('fatcaExemptionCode')} maxLength={1} />
        </Field>
        <SelectField
          control={control}
          name="tinType"
          label="TIN type"
          options={[
            { value: 'ein', label: 'EIN' },
            { value: 'ssn', label: 'SSN or ITIN' },
          ]}
          placeholder="Choose SSN or EIN"
          error={errors.tinType?.message}
        />
        <Field label="TIN" error={errors.tin?.message} description={profile.tinMasked ? `On file: ${profile.tinMasked}. Leave blank to keep it.` : 'None on file.'}>
          <Input {...register('tin')} autoComplete="off" inputMode="numeric" placeholder={profile.tinMasked ?? '12-3456789'} />
        </Field>
        <SelectField
          control={control}
          name="form1099Box"
          label="1099 box"
          options={boxOptions}
          noneLabel="Not reviewed (1099-NEC box 1)"
          className="sm:col-span-2"
          error={errors.form1099Box?.message}
        />
        <div className="flex items-center gap-2 sm:col-span-2">
          <Controller
            control={control}
            name="isAttorney"
            render={({ field }) => <Checkbox id={attorneyId} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
          />
          <Label htmlFor={attorneyId} className="font-normal">
            Attorney (a corporation is not exempt from a 1099 for legal services)
          </Label>
        </div>
      </div>
      <DialogFormFooter onCancel={onDone} pending={save.isPending} submitLabel="Save tax details" />
    </form>
  );
}
