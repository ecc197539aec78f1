import type { OAuthProviderConfig } from '../../../config';
import { centsToNumber } from '../../../../shared/money';
import { type ApiBackend, AuthorizationExpiredError, type RemoteCustomer, type RemoteInvoice, type RemotePayment, providerCents } from './api-sync';

/**
 * Xero's Accounting API over fetch, as Xero documents it (https://developer.xero.com/documentation/api/accounting):
 * GET {XERO_API_BASE_URL}/api.xro/2.0/Contacts|Invoices|Payments?page=N&pageSize=100 with the
 * If-Modified-Since and xero-tenant-id headers; PUT /Contacts and /Invoices with an
 * Idempotency-Key. (This replaced the xero-node SDK and the axios it brought: six calls.)
 *
 * Shapes: { Contacts: [{ ContactID, Name, EmailAddress, Addresses: [{ AddressType: 'POBOX',
 * AddressLine1, City, Region, PostalCode, Country }], Phones, UpdatedDateUTC }] }; { Invoices: [{
 * InvoiceID, Type: 'ACCREC', InvoiceNumber, Contact: { ContactID }, Date, DueDate
 * ('/Date(1518685950940+0000)/' or ISO), LineItems: [{ Description, Quantity, UnitAmount,
 * LineAmount }], TotalTax, Total, AmountDue, Status }] }; { Payments: [{ PaymentID, Date, Amount,
 * Invoice: { InvoiceID } }] }.
 */

const LABEL = 'Xero';
const PAGE = 100;

type Json = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);

/** "/Date(1518685950940+0000)/" or "2018-02-15T00:00:00" -> "2018-02-15". */
export function xeroDay(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value ?? '');
  const ms = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(text);
  if (ms?.[1]) return new Date(Number(ms[1])).toISOString().slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  throw new Error(`${LABEL}: unreadable date ${text}`);
}

export function xeroBackend(config: OAuthProviderConfig, tenantId: string, accessToken: string): ApiBackend {
  const base = `${config.apiBaseUrl}/api.xro/2.0`;
  const call = async (path: string, init: { method?: 'GET' | 'PUT'; body?: Json; since?: Date | null; idempotencyKey?: string } = {}): Promise<Json> => {
    const headers: Record<string, string> = { authorization: `Bearer ${accessToken}`, 'xero-tenant-id': tenantId, accept: 'application/json' };
    if (init.body) headers['content-type'] = 'application/json';
    if (init.since) headers['if-modified-since'] = init.since.toUTCString();
    if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 401 || response.status === 403) throw new AuthorizationExpiredError(`HTTP ${response.status}`);
    const body = obj(await response.json().catch(() => ({})));
    if (!response.ok) {
      const detail = str(body.Message) ?? str(body.Detail) ?? str(body.Title);
      throw new Error(`${LABEL} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    return body;
  };
  async function* pages(entity: 'Contacts' | 'Invoices' | 'Payments', query: Record<string, string>, since: Date | null): AsyncGenerator<Json[]> {
    for (let page = 1; ; page += 1) {
      const search = new URLSearchParams({ ...query, page: String(page), pageSize: String(PAGE) });
      const rows = list((await call(`/${entity}?${search.toString()}`, { since }))[entity]);
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
    }
  }

  return {
    source: 'xero',
    label: LABEL,
    async *customers(since) {
      for await (const contacts of pages('Contacts', { includeArchived: 'false', summaryOnly: 'false' }, since)) {
        yield contacts.map((contact): RemoteCustomer => {
          const addresses = list(contact.Addresses);
          const address = addresses.find((entry) => entry.AddressType === 'POBOX') ?? addresses[0] ?? {};
          const phone = list(contact.Phones).find((entry) => str(entry.PhoneNumber));
          return {
            id: String(contact.ContactID),
            name: str(contact.Name) ?? `Contact ${String(contact.ContactID)}`,
            email: str(contact.EmailAddress),
            phone: phone ? [str(phone.PhoneAreaCode), str(phone.PhoneNumber)].filter(Boolean).join(' ') : null,
            address: [str(address.AddressLine1), str(address.AddressLine2)].filter(Boolean).join('\n') || null,
            city: str(address.City),
            state: str(address.Region),
            zipCode: str(address.PostalCode),
            country: str(address.Country),
            version: str(contact.UpdatedDateUTC),
          };
        });
      }
    },
    async *invoices(since) {
      for await (const rows of pages('Invoices', { where: 'Type=="ACCREC"', Statuses: 'AUTHORISED,PAID', summaryOnly: 'false' }, since)) {
        yield rows.map((invoice): RemoteInvoice => ({
          id: String(invoice.InvoiceID),
          number: str(invoice.InvoiceNumber),
          customerId: String(obj(invoice.Contact).ContactID),
          date: xeroDay(invoice.Date),
          dueDate: xeroDay(invoice.DueDate ?? invoice.Date),
          lines: list(invoice.LineItems).map((line) => ({
            description: str(line.Description) ?? 'Item',
            quantity: str(line.Quantity) ?? '1',
            unitPrice: providerCents(line.UnitAmount ?? line.LineAmount, LABEL),
          })),
          taxAmount: providerCents(invoice.TotalTax, LABEL),
          totalAmount: providerCents(invoice.Total, LABEL),
          version: str(invoice.UpdatedDateUTC),
        }));
      }
    },
    async *payments(since) {
      for await (const rows of pages('Payments', {}, since)) {
        yield rows
          .filter((payment) => (str(payment.Status) ?? 'AUTHORISED') === 'AUTHORISED' && str(obj(payment.Invoice).InvoiceID))
          .map((payment): RemotePayment => ({
            id: String(payment.PaymentID),
            date: xeroDay(payment.Date),
            applied: [{ invoiceId: String(obj(payment.Invoice).InvoiceID), amount: providerCents(payment.Amount, LABEL) }],
          }));
      }
    },
    async createCustomer(customer, key) {
      const address = { AddressType: 'POBOX', AddressLine1: customer.address ?? undefined, City: customer.city ?? undefined, Region: customer.state ?? undefined, PostalCode: customer.zipCode ?? undefined, Country: customer.country };
      const body = await call('/Contacts?summarizeErrors=true', {
        method: 'PUT',
        body: { Contacts: [{ Name: customer.name, EmailAddress: customer.email, Addresses: [address] }] },
        idempotencyKey: key,
      });
      const id = str(list(body.Contacts)[0]?.ContactID);
      if (!id) throw new Error(`${LABEL} did not return the new contact's id`);
      return id;
    },
    async createInvoice(invoice, contactId, key) {
      const lineItems = invoice.lines.map((line) => ({ Description: line.description, Quantity: Number(line.quantity), UnitAmount: centsToNumber(line.unitPrice) }));
      if (invoice.discountAmount > 0) lineItems.push({ Description: 'Discount', Quantity: 1, UnitAmount: centsToNumber(-invoice.discountAmount) });
      const body = await call('/Invoices?summarizeErrors=true', {
        method: 'PUT',
        body: {
          Invoices: [
            {
              Type: 'ACCREC',
              Contact: { ContactID: contactId },
              InvoiceNumber: invoice.number,
              Date: invoice.issueDate,
              DueDate: invoice.dueDate,
              LineAmountTypes: 'Exclusive',
              LineItems: lineItems,
              Status: 'AUTHORISED',
            },
          ],
        },
        idempotencyKey: key,
      });
      const id = str(list(body.Invoices)[0]?.InvoiceID);
      if (!id) throw new Error(`${LABEL} did not return the new invoice's id`);
      return id;
    },
  };
}
