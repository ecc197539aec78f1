import { type Control, type FieldErrors, type FieldPath, type FieldValues, type UseFormRegister, useWatch } from 'react-hook-form';
import { einvoiceFormatLabels, einvoiceFormats } from '@shared/einvoice-codes';
import { easSchemeCodes, easSchemeLabel } from '@shared/tax-identity';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { labelledOptions, SelectField } from '@/components/ui/select-field';

/** The electronic address schemes as select options, "0208 – Enterprise number (Belgium)". */
export const easSchemeOptions = easSchemeCodes.map((code) => ({ value: code, label: easSchemeLabel(code) }));

type TaxIdentityKey =
  | 'legalName' | 'vatId' | 'companyId' | 'electronicAddressScheme' | 'electronicAddress' | 'buyerReference' | 'einvoiceFormat';

interface Props<T extends FieldValues> {
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<T>;
  /** Buyer reference and e-invoice format: a customer's, not the organization's own. */
  asCustomer?: boolean;
}

/**
 * The tax identity fields of a party (issue 36): legal name, VAT ID, company registration ID and the
 * Peppol electronic address; for a customer also the e-invoice format and the buyer reference. The
 * form's contract checks them; each error shows under its field with the validator's words.
 */
export function TaxIdentityFields<T extends FieldValues>({ register, control, errors, asCustomer = false }: Props<T>) {
  // The forms using this hold these fields: the names are the contracts' (tax-identity.ts).
  const name = (key: TaxIdentityKey) => key as FieldPath<T>;
  const errorOf = (key: TaxIdentityKey) => (errors as Record<string, { message?: unknown } | undefined>)[key]?.message;
  const message = (key: TaxIdentityKey) => {
    const text = errorOf(key);
    return typeof text === 'string' ? text : undefined;
  };
  const format = useWatch({ control, name: name('einvoiceFormat') }) as string | undefined;
  const xrechnung = format === 'xrechnung_ubl' || format === 'xrechnung_cii';
  return (
    <>
      <Field label="Legal entity" description="The registered name, when it differs from the one above." error={message('legalName')}>
        <Input autoComplete="off" {...register(name('legalName'))} />
      </Field>
      <Field label="VAT ID" description="With its country prefix, e.g. DE123456788." error={message('vatId')}>
        <Input autoComplete="off" spellCheck={false} {...register(name('vatId'))} />
      </Field>
      <Field label="Company registration ID" description="E.g. a Handelsregister, KBO or SIREN number." error={message('companyId')}>
        <Input autoComplete="off" {...register(name('companyId'))} />
      </Field>
      <SelectField
        control={control}
        name={name('electronicAddressScheme')}
        label="Peppol ID scheme"
        placeholder="None"
        noneLabel="None"
        options={easSchemeOptions}
        error={message('electronicAddressScheme')}
      />
      <Field label="Peppol ID" description="The electronic address (participant ID) within the scheme, e.g. 0123456789." error={message('electronicAddress')}>
        <Input autoComplete="off" spellCheck={false} {...register(name('electronicAddress'))} />
      </Field>
      {asCustomer ? (
        <>
          <SelectField
            control={control}
            name={name('einvoiceFormat')}
            label="E-invoice format"
            description="How Send delivers this customer's invoices."
            options={labelledOptions(einvoiceFormats, einvoiceFormatLabels)}
            fallback="pdf"
            error={message('einvoiceFormat')}
          />
          <Field
            label={xrechnung ? 'Buyer reference (Leitweg-ID)' : 'Buyer reference'}
            required={xrechnung}
            description={xrechnung ? 'The Leitweg-ID of the German public buyer, e.g. 04011000-1234512345-06.' : 'A reference the buyer asked you to quote.'}
            error={message('buyerReference')}
          >
            <Input autoComplete="off" spellCheck={false} {...register(name('buyerReference'))} />
          </Field>
        </>
      ) : null}
    </>
  );
}
