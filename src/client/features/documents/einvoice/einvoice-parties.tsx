import type { EinvoiceDocument, EinvoiceParty } from '@shared/contracts/einvoicing';
import { addressLines, einvoiceTypeLabel, maskAccount } from './einvoice-format';

function Facts({ rows, label }: { rows: [string, string | null][]; label?: string }) {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (shown.length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm" aria-label={label}>
      {shown.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PartyCard({ title, party }: { title: string; party: EinvoiceParty }) {
  const electronic = party.electronicAddress ? `${party.electronicAddress.scheme}:${party.electronicAddress.value}` : null;
  return (
    <section className="min-w-0 rounded-md border p-3" aria-label={title}>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <p className="font-semibold break-words">{party.name}</p>
      {party.tradingName && party.tradingName !== party.name && <p className="text-sm break-words text-slate-600">{party.tradingName}</p>}
      <address className="mb-2 text-sm break-words text-slate-600 not-italic">
        {addressLines(party.address).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      <Facts
        rows={[
          ['VAT ID', party.vatId],
          ['Tax reg. ID', party.taxRegistrationId],
          ['Company ID', party.companyId],
          ['Electronic address', electronic],
          ['Contact', [party.contact?.name, party.contact?.email, party.contact?.phone].filter(Boolean).join(' · ') || null],
        ]}
      />
    </section>
  );
}

export function EinvoiceParties({ einvoice }: { einvoice: EinvoiceDocument }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <PartyCard title="Seller" party={einvoice.seller} />
      <PartyCard title="Buyer" party={einvoice.buyer} />
    </div>
  );
}

export function EinvoiceHeader({ einvoice }: { einvoice: EinvoiceDocument }) {
  return (
    <section className="rounded-md border bg-slate-50 p-3" aria-label="Invoice details">
      <Facts
        rows={[
          ['Type', einvoiceTypeLabel(einvoice.typeCode)],
          ['Number', einvoice.number],
          ['Issue date', einvoice.issueDate],
          ['Due date', einvoice.dueDate],
          ['Payment terms', einvoice.paymentTerms],
          ['Currency', einvoice.currency],
          ['Buyer reference', einvoice.buyerReference],
          ['Order reference', einvoice.orderReference],
          ['Corrects invoice', einvoice.precedingInvoice ? [einvoice.precedingInvoice.number, einvoice.precedingInvoice.issueDate].filter(Boolean).join(' of ') : null],
          ['Note', einvoice.note],
        ]}
      />
    </section>
  );
}

const meansLabels: Record<string, string> = {
  '58': 'SEPA credit transfer',
  '30': 'Credit transfer',
  '31': 'Debit transfer',
  '49': 'Direct debit',
  '59': 'SEPA direct debit',
  '1': 'Not defined',
};

export function EinvoicePaymentDetails({ einvoice }: { einvoice: EinvoiceDocument }) {
  const payment = einvoice.payment;
  if (!payment) return null;
  return (
    <section className="rounded-md border p-3" aria-label="Payment details">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Payment details</h3>
      <Facts
        rows={[
          ['Means', meansLabels[payment.meansCode] ?? `Code ${payment.meansCode}`],
          ['IBAN', payment.iban ? maskAccount(payment.iban) : null],
          ['Account', payment.accountNumber ? maskAccount(payment.accountNumber) : null],
          ['BIC', payment.bic],
          ['Account name', payment.accountName],
          ['Reference', payment.remittanceInformation],
        ]}
      />
    </section>
  );
}
