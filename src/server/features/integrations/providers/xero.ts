import type { OAuthProviderConfig } from '../../../config';
import { centsToNumber } from '../../../../shared/money';
import type { ProviderConnector, SyncContext } from '../provider';
import { type ApiBackend, AuthorizationExpiredError, type RemoteCustomer, type RemoteInvoice, type RemotePayment, providerCents, runApiSync } from './api-sync';
import { type OAuthProvider, freshTokens, prepareOAuthConnect } from './oauth';
import { authorizationUrl, exchangeAuthorizationCode, refreshAccessToken } from './oauth-client';

/**
 * Xero through its official SDK's Accounting API client (xero-node AccountingApi: getContacts,
 * getInvoices, getPayments, createContacts, createInvoices with an Idempotency-Key), whose base
 * path is set to XERO_API_BASE_URL + /api.xro/2.0 (Xero's by default; tests use a fake server).
 *
 * xero-node's XeroClient cannot be pointed elsewhere for the OAuth2 part: buildConsentUrl and
 * apiCallback discover https://identity.xero.com (OpenID discovery, JWKS) and its token requests
 * and /connections call are fixed URLs. So the authorization-code flow goes through the shared
 * OAuth client as Xero documents it (oauth-client.ts, RFC 6749: GET XERO_AUTHORIZE_URL with
 * response_type=code, client_id, redirect_uri, scope, state; POST XERO_TOKEN_URL with Basic client
 * credentials and grant_type=authorization_code or refresh_token), then GET {api}/connections for
 * the tenant id.
 *
 * Shapes (Xero's Accounting API documentation): { Contacts: [{ ContactID, Name, EmailAddress,
 * Addresses: [{ AddressType: 'POBOX', AddressLine1, City, Region, PostalCode, Country }], Phones,
 * UpdatedDateUTC }] }; { Invoices: [{ InvoiceID, Type: 'ACCREC', InvoiceNumber, Contact: {
 * ContactID }, Date, DueDate ('/Date(1518685950940+0000)/' or ISO), LineItems: [{ Description,
 * Quantity, UnitAmount, LineAmount }], TotalTax, Total, AmountDue, Status }] }; { Payments: [{
 * PaymentID, Date, Amount, Invoice: { InvoiceID } }] }. Pages of 100 (page=1, 2, ...).
 */

const LABEL = 'Xero';
const SCOPES = 'openid profile email accounting.transactions accounting.contacts offline_access';

export const xeroOAuth: OAuthProvider = {
  id: 'xero',
  label: LABEL,
  configOf: (deps) => deps.config.xero ?? null,
  authorizationUrl: async (config, state, redirectUri) => authorizationUrl(config, { redirectUri, scope: SCOPES, state }),
  async exchangeCode(config, callback, redirectUri, now) {
    const tokens = await exchangeAuthorizationCode(config, LABEL, { code: callback.code, redirectUri }, now);
    const response = await fetch(`${config.apiBaseUrl}/connections`, { headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
    const connections = (await response.json().catch(() => [])) as { tenantId?: string; tenantType?: string; tenantName?: string }[];
    const tenant = Array.isArray(connections) ? (connections.find((entry) => entry.tenantType === 'ORGANISATION') ?? connections[0]) : undefined;
    if (!response.ok || !tenant?.tenantId) throw new Error('No Xero organisation was authorized');
    return { tokens, settings: { tenantId: tenant.tenantId, tenantName: tenant.tenantName ?? null } };
  },
};

/** "/Date(1518685950940+0000)/" or "2018-02-15T00:00:00" -> "2018-02-15". */
export function xeroDay(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value ?? '');
  const ms = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(text);
  if (ms?.[1]) return new Date(Number(ms[1])).toISOString().slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  throw new Error(`${LABEL}: unreadable date ${text}`);
}

function statusOf(error: unknown): number | null {
  let parsed: unknown = error;
  if (typeof error === 'string') {
    try {
      parsed = JSON.parse(error);
    } catch {
      return null;
    }
  }
  const response = (parsed as { response?: { statusCode?: number; status?: number } } | null)?.response;
  return response?.statusCode ?? response?.status ?? null;
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = statusOf(error);
    if (status === 401 || status === 403) throw new AuthorizationExpiredError(`HTTP ${status}`);
    throw new Error(`${LABEL} answered ${status ? `HTTP ${status}` : 'with an error'}`, { cause: error });
  }
}

const PAGE = 100;

/** xero-node is loaded by the first sync, not at start: most servers never sync Xero. */
export async function xeroBackend(config: OAuthProviderConfig, tenantId: string, accessToken: string): Promise<ApiBackend> {
  const { AccountingApi, Invoice, LineAmountTypes } = await import('xero-node');
  const api = new AccountingApi();
  api.basePath = `${config.apiBaseUrl}/api.xro/2.0`;
  api.accessToken = accessToken;
  return {
    source: 'xero',
    label: LABEL,
    async *customers(since) {
      for (let page = 1; ; page += 1) {
        const result = await guarded(() => api.getContacts(tenantId, since ?? undefined, undefined, undefined, undefined, page, false, false, undefined, PAGE));
        const contacts = result.body.contacts ?? [];
        if (contacts.length > 0) {
          yield contacts.map((contact): RemoteCustomer => {
            const address = contact.addresses?.find((entry) => String(entry.addressType) === 'POBOX') ?? contact.addresses?.[0];
            const phone = contact.phones?.find((entry) => entry.phoneNumber);
            return {
              id: String(contact.contactID),
              name: contact.name ?? `Contact ${String(contact.contactID)}`,
              email: contact.emailAddress || null,
              phone: phone ? [phone.phoneAreaCode, phone.phoneNumber].filter(Boolean).join(' ') : null,
              address: [address?.addressLine1, address?.addressLine2].filter(Boolean).join('\n') || null,
              city: address?.city || null,
              state: address?.region || null,
              zipCode: address?.postalCode || null,
              country: address?.country || null,
              version: contact.updatedDateUTC ? String(contact.updatedDateUTC) : null,
            };
          });
        }
        if (contacts.length < PAGE) return;
      }
    },
    async *invoices(since) {
      for (let page = 1; ; page += 1) {
        const result = await guarded(() =>
          api.getInvoices(tenantId, since ?? undefined, 'Type=="ACCREC"', undefined, undefined, undefined, undefined, ['AUTHORISED', 'PAID'], page, false, undefined, undefined, false, PAGE),
        );
        const rows = result.body.invoices ?? [];
        if (rows.length > 0) {
          yield rows.map((invoice): RemoteInvoice => ({
            id: String(invoice.invoiceID),
            number: invoice.invoiceNumber ?? null,
            customerId: String(invoice.contact?.contactID),
            date: xeroDay(invoice.date),
            dueDate: xeroDay(invoice.dueDate ?? invoice.date),
            lines: (invoice.lineItems ?? []).map((line) => ({
              description: line.description || 'Item',
              quantity: String(line.quantity ?? 1),
              unitPrice: providerCents(line.unitAmount ?? line.lineAmount, LABEL),
            })),
            taxAmount: providerCents(invoice.totalTax, LABEL),
            totalAmount: providerCents(invoice.total, LABEL),
            version: invoice.updatedDateUTC ? String(invoice.updatedDateUTC) : null,
          }));
        }
        if (rows.length < PAGE) return;
      }
    },
    async *payments(since) {
      for (let page = 1; ; page += 1) {
        const result = await guarded(() => api.getPayments(tenantId, since ?? undefined, undefined, undefined, page, PAGE));
        const rows = result.body.payments ?? [];
        if (rows.length > 0) {
          yield rows
            .filter((payment) => String(payment.status ?? 'AUTHORISED') === 'AUTHORISED' && payment.invoice?.invoiceID)
            .map((payment): RemotePayment => ({
              id: String(payment.paymentID),
              date: xeroDay(payment.date),
              applied: [{ invoiceId: String(payment.invoice?.invoiceID), amount: providerCents(payment.amount, LABEL) }],
            }));
        }
        if (rows.length < PAGE) return;
      }
    },
    async createCustomer(customer, key) {
      const result = await guarded(() =>
        api.createContacts(
          tenantId,
          {
            contacts: [
              {
                name: customer.name,
                emailAddress: customer.email,
                addresses: [
                  {
                    addressType: 'POBOX' as never,
                    addressLine1: customer.address ?? undefined,
                    city: customer.city ?? undefined,
                    region: customer.state ?? undefined,
                    postalCode: customer.zipCode ?? undefined,
                    country: customer.country,
                  },
                ],
              },
            ],
          },
          true,
          key,
        ),
      );
      const id = result.body.contacts?.[0]?.contactID;
      if (!id) throw new Error(`${LABEL} did not return the new contact's id`);
      return id;
    },
    async createInvoice(invoice, contactId, key) {
      const lineItems = invoice.lines.map((line) => ({ description: line.description, quantity: Number(line.quantity), unitAmount: centsToNumber(line.unitPrice) }));
      if (invoice.discountAmount > 0) lineItems.push({ description: 'Discount', quantity: 1, unitAmount: centsToNumber(-invoice.discountAmount) });
      const result = await guarded(() =>
        api.createInvoices(
          tenantId,
          {
            invoices: [
              {
                type: Invoice.TypeEnum.ACCREC,
                contact: { contactID: contactId },
                invoiceNumber: invoice.number,
                date: invoice.issueDate,
                dueDate: invoice.dueDate,
                lineAmountTypes: LineAmountTypes.Exclusive,
                lineItems,
                status: Invoice.StatusEnum.AUTHORISED,
              },
            ],
          },
          true,
          undefined,
          key,
        ),
      );
      const id = result.body.invoices?.[0]?.invoiceID;
      if (!id) throw new Error(`${LABEL} did not return the new invoice's id`);
      return id;
    },
  };
}

async function syncXero(context: SyncContext) {
  const config = context.deps.config.xero;
  if (!config) throw new Error(`${LABEL} is not configured on this server`);
  const tenantId = typeof context.integration.settings.tenantId === 'string' ? context.integration.settings.tenantId : null;
  if (context.integration.status !== 'connected' || !tenantId) throw new Error(`Authorize ${LABEL} first: the connection is waiting for authorization.`);
  let tokens;
  try {
    tokens = await freshTokens(
      context.secrets,
      context.now,
      (refreshToken) => refreshAccessToken(config, LABEL, refreshToken, context.now),
      context.saveSecrets,
    );
  } catch (error) {
    if (error instanceof AuthorizationExpiredError) throw new Error(`Reconnect ${LABEL}: the authorization expired or was revoked.`, { cause: error });
    throw error;
  }
  return runApiSync(context, await xeroBackend(config, tenantId, tokens.accessToken));
}

export const xeroConnector: ProviderConnector = {
  id: 'xero',
  isConfigured: (deps) => Boolean(deps.config.xero),
  prepareConnect: (deps, input) => prepareOAuthConnect(xeroOAuth, deps, input),
  sync: syncXero,
};
