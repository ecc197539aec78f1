import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import {
  type PublicVendorForm,
  type VendorFormSubmission,
  type VendorFormValues,
  llcTaxClassifications,
  taxClassificationLabels,
  taxClassifications,
  vendorFormSubmission,
} from '@shared/contracts/tax-1099';
import { W9_CERTIFICATION } from '@shared/w9-certification';

const INVALID_LINK = 'This link is not valid or has expired. Ask for a new one.';

/** The token from the link's fragment (#token=...): a browser never sends the fragment to a server. */
function tokenFromHash(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
}

const formUrl = (token: string) => `/api/vendor-forms/${encodeURIComponent(token)}`;

/** "123-45-6789" or "12-3456789" as the digits are typed. */
function withDashes(value: string, type: 'ssn' | 'ein' | undefined): string {
  const digits = value.replace(/\D/g, '').slice(0, 9);
  if (type === 'ein') return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
  if (digits.length > 5) return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Frame({ children, organizationName }: { children: ReactNode; organizationName?: string | undefined }) {
  return (
    <div className="min-h-svh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-4 sm:px-6">
          <p className="text-sm text-slate-500">Form W-9 (substitute)</p>
          <p className="text-lg font-semibold text-slate-900">{organizationName ? `Requested by ${organizationName}` : 'Request for Taxpayer Identification Number'}</p>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}

/** /vendor-form#token=...: the vendor fills its W-9 (and payment details when asked) once. */
export function VendorFormPage() {
  const token = useRef(tokenFromHash());
  const [done, setDone] = useState<string | null>(null);
  const form = useQuery({
    queryKey: ['vendor-form'],
    queryFn: () => apiRequest<PublicVendorForm>('GET', formUrl(token.current ?? '')),
    enabled: Boolean(token.current),
  });
  useEffect(() => {
    document.title = form.data ? `Form W-9 for ${form.data.organizationName}` : 'Form W-9';
  }, [form.data]);

  if (done) {
    return (
      <Frame organizationName={done}>
        <div className="flex flex-col items-center gap-3 py-16 text-center" role="status">
          <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Thank you, your W-9 was sent</h1>
          <p className="text-slate-600">{done} has your form. You can close this page; the link no longer works.</p>
        </div>
      </Frame>
    );
  }
  if (!token.current || form.isError) {
    return (
      <Frame>
        <div className="py-16 text-center">
          <h1 className="text-xl font-semibold">This link does not work</h1>
          <p className="mt-2 text-slate-600" role="alert">
            {form.error?.message ?? INVALID_LINK}
          </p>
        </div>
      </Frame>
    );
  }
  if (!form.data) {
    return (
      <Frame>
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      </Frame>
    );
  }
  return (
    <Frame organizationName={form.data.organizationName}>
      <W9Form
        token={token.current}
        info={form.data}
        onDone={() => {
          // The token leaves the address bar (and history) once it has been used.
          window.history.replaceState(null, '', window.location.pathname);
          setDone(form.data.organizationName);
        }}
      />
    </Frame>
  );
}

const FIELDS = [
  'w9.legalName',
  'w9.businessName',
  'w9.taxClassification',
  'w9.llcTaxClassification',
  'w9.otherClassification',
  'w9.exemptPayeeCode',
  'w9.fatcaExemptionCode',
  'w9.address',
  'w9.city',
  'w9.state',
  'w9.zipCode',
  'w9.tinType',
  'w9.tin',
  'signatureName',
  'certify',
  'email',
  'payment.paymentMethod',
  'payment.bankName',
  'payment.routingNumber',
  'payment.accountNumber',
  'payment',
] as const;

function ErrorText({ error, id }: { error: FieldError | undefined; id?: string }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm text-destructive" role="alert">
      {error.message}
    </p>
  );
}

function W9Form({ token, info, onDone }: { token: string; info: PublicVendorForm; onDone: () => void }) {
  const ids = { classification: useId(), tinType: useId(), certify: useId(), consent: useId(), method: useId() };
  const [showTin, setShowTin] = useState(false);
  const { register, handleSubmit, control, setValue, setError, formState } = useForm<VendorFormValues, unknown, VendorFormSubmission>({
    resolver: zodResolver(vendorFormSubmission),
    defaultValues: {
      w9: {
        legalName: info.vendorName,
        businessName: '',
        taxClassification: undefined,
        llcTaxClassification: null,
        otherClassification: '',
        exemptPayeeCode: '',
        fatcaExemptionCode: '',
        address: '',
        city: '',
        state: '',
        zipCode: '',
        tinType: undefined,
        tin: '',
      },
      signatureName: '',
      email: '',
      consentToElectronic1099: false,
      payment: info.includePayment ? { paymentMethod: 'ach', bankName: '', routingNumber: '', accountNumber: '', accountType: 'checking' } : null,
    },
  });
  const { errors } = formState;
  const classification = useWatch({ control, name: 'w9.taxClassification' });
  const tinType = useWatch({ control, name: 'w9.tinType' });
  const method = useWatch({ control, name: 'payment.paymentMethod' });
  const submit = useMutation({
    mutationFn: (values: VendorFormSubmission) => apiRequest<{ submitted: true; organizationName: string }>('POST', formUrl(token), values),
    onSuccess: onDone,
    onError: (error) => applyServerErrors(error, setError, FIELDS),
  });
  const tinField = register('w9.tin');

  return (
    <form className="space-y-5" noValidate onSubmit={(event) => void handleSubmit((values) => submit.mutate(values))(event)}>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold text-slate-900">Your Form W-9</h1>
        <p className="text-slate-600">
          {info.organizationName} asks for your taxpayer identification number to report what it pays you to the IRS. Your TIN is stored encrypted and shown to {info.organizationName} only
          by its last four digits.
        </p>
      </div>

      <Section title="Lines 1 to 4: who you are">
        <Field label="1. Name of entity or individual, as shown on your income tax return" error={errors.w9?.legalName?.message} required>
          <Input {...register('w9.legalName')} autoComplete="name" />
        </Field>
        <Field label="2. Business name or disregarded entity name, if different" error={errors.w9?.businessName?.message}>
          <Input {...register('w9.businessName')} autoComplete="organization" />
        </Field>
        <fieldset className="space-y-2" aria-describedby={errors.w9?.taxClassification ? ids.classification : undefined}>
          <legend className="text-sm font-medium">3a. Federal tax classification</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {taxClassifications.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" value={value} {...register('w9.taxClassification')} className="size-4 accent-primary" />
                {taxClassificationLabels[value]}
              </label>
            ))}
          </div>
          <ErrorText id={ids.classification} error={errors.w9?.taxClassification} />
        </fieldset>
        {classification === 'llc' && (
          <Field label="LLC tax classification (C corporation, S corporation or Partnership)" error={errors.w9?.llcTaxClassification?.message} required>
            <select
              {...register('w9.llcTaxClassification', { setValueAs: (value: string) => value || null })}
              className="h-9 w-full rounded-md border border-input bg-white px-3 text-sm"
            >
              <option value="">Choose…</option>
              {llcTaxClassifications.map((letter) => (
                <option key={letter} value={letter}>
                  {letter} – {{ C: 'C corporation', S: 'S corporation', P: 'Partnership' }[letter]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {classification === 'other' && (
          <Field label="Other classification" error={errors.w9?.otherClassification?.message} required>
            <Input {...register('w9.otherClassification')} />
          </Field>
        )}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="4. Exempt payee code (if any)" error={errors.w9?.exemptPayeeCode?.message} description="Most individuals and companies leave this blank.">
            <Input {...register('w9.exemptPayeeCode')} inputMode="numeric" maxLength={2} />
          </Field>
          <Field label="Exemption from FATCA reporting code (if any)" error={errors.w9?.fatcaExemptionCode?.message}>
            <Input {...register('w9.fatcaExemptionCode')} maxLength={1} />
          </Field>
        </div>
      </Section>

      <Section title="Lines 5 and 6: address">
        <Field label="5. Address (number, street, and apt. or suite no.)" error={errors.w9?.address?.message} required>
          <Input {...register('w9.address')} autoComplete="street-address" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <Field label="6. City" error={errors.w9?.city?.message} required>
            <Input {...register('w9.city')} autoComplete="address-level2" />
          </Field>
          <Field label="State" error={errors.w9?.state?.message} required>
            <Input {...register('w9.state')} autoComplete="address-level1" />
          </Field>
          <Field label="ZIP code" error={errors.w9?.zipCode?.message} required>
            <Input {...register('w9.zipCode')} autoComplete="postal-code" inputMode="numeric" />
          </Field>
        </div>
      </Section>

      <Section title="Part I: taxpayer identification number (TIN)">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Your TIN is a</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="ssn" {...register('w9.tinType')} className="size-4 accent-primary" />
              Social security number (or ITIN)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" value="ein" {...register('w9.tinType')} className="size-4 accent-primary" />
              Employer identification number
            </label>
          </div>
          <ErrorText id={ids.tinType} error={errors.w9?.tinType} />
        </fieldset>
        <Field label={tinType === 'ein' ? 'Your EIN' : tinType === 'ssn' ? 'Your SSN' : 'Your TIN'} error={errors.w9?.tin?.message} required>
          <Input
            {...tinField}
            type={showTin ? 'text' : 'password'}
            autoComplete="off"
            inputMode="numeric"
            placeholder={tinType === 'ein' ? '12-3456789' : '123-45-6789'}
            onChange={(event) => {
              // Once the form was submitted, the message follows the corrected number.
              setValue('w9.tin', withDashes(event.target.value, tinType), { shouldDirty: true, shouldValidate: formState.isSubmitted });
            }}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <input type="checkbox" checked={showTin} onChange={(event) => setShowTin(event.target.checked)} className="size-4 accent-primary" />
          Show the number
        </label>
      </Section>

      {info.includePayment && (
        <Section title="How you want to be paid">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Payment method</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="ach" {...register('payment.paymentMethod')} className="size-4 accent-primary" />
                Bank transfer (ACH)
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="check" {...register('payment.paymentMethod')} className="size-4 accent-primary" />
                Check
              </label>
            </div>
          </fieldset>
          {method === 'ach' && (
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Field label="Bank name" error={errors.payment?.bankName?.message} required>
                <Input {...register('payment.bankName')} />
              </Field>
              <Field label="Account type">
                <select {...register('payment.accountType')} className="h-9 w-full rounded-md border border-input bg-white px-3 text-sm">
                  <option value="checking">Checking</option>
                  <option value="savings">Savings</option>
                </select>
              </Field>
              <Field label="Routing number" error={errors.payment?.routingNumber?.message} required description="9 digits, at the bottom left of a check.">
                <Input {...register('payment.routingNumber')} inputMode="numeric" maxLength={9} autoComplete="off" />
              </Field>
              <Field label="Account number" error={errors.payment?.accountNumber?.message} required>
                <Input {...register('payment.accountNumber')} inputMode="numeric" maxLength={17} autoComplete="off" />
              </Field>
            </div>
          )}
        </Section>
      )}

      <Section title="Your 1099 by email">
        <Field label="Email address" error={errors.email?.message} description="Where to send your Form 1099 if you agree below.">
          <Input {...register('email')} type="email" autoComplete="email" />
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" {...register('consentToElectronic1099')} className="mt-0.5 size-4 accent-primary" />
          I agree to receive my Form 1099 electronically at this address instead of on paper.
        </label>
      </Section>

      <Section title="Part II: certification">
        <div className="space-y-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          {W9_CERTIFICATION.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm font-medium" htmlFor={ids.certify}>
            <input id={ids.certify} type="checkbox" {...register('certify')} className="mt-0.5 size-4 accent-primary" />
            I certify the statements above, under penalties of perjury.
          </label>
          <ErrorText error={errors.certify} />
        </div>
        <Field label="Signature: type your full name" error={errors.signatureName?.message} required>
          <Input {...register('signatureName')} autoComplete="name" />
        </Field>
      </Section>

      {submit.isError && (
        <p className="text-sm text-destructive" role="alert">
          {submit.error.message}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : `Sign and send to ${info.organizationName}`}
      </Button>
    </form>
  );
}
