import type { OAuthProviderConfig } from '../../../config';
import { centsToNumber } from '../../../../shared/money';
import type { ProviderConnector, SyncContext } from '../provider';
import { type ApiBackend, AuthorizationExpiredError, type RemoteCustomer, type RemoteInvoice, type RemotePayment, providerCents, runApiSync } from './api-sync';
import { type OAuthProvider, freshTokens, prepareOAuthConnect } from './oauth';
import { authorizationUrl, exchangeAuthorizationCode, refreshAccessToken } from './oauth-client';

/**
 * QuickBooks Online: Intuit's OAuth 2.0 authorization-code flow through the shared client
 * (oauth-client.ts: QBO_AUTHORIZE_URL with scope com.intuit.quickbooks.accounting, QBO_TOKEN_URL
 * with HTTP Basic client authentication and a form body, as Intuit's OAuth 2.0 docs describe; the
 * company's realmId comes back on the callback) and the Accounting API v3 called with fetch and
 * its bearer token (QBO_API_BASE_URL lets tests use a fake server). Shapes used, as documented by
 * Intuit's Accounting API reference:
 * - GET /v3/company/{realmId}/query?query=select * from Customer|Invoice|Payment where
 *   Metadata.LastUpdatedTime > '...' STARTPOSITION n MAXRESULTS m ->
 *   { QueryResponse: { Customer: [{ Id, DisplayName, PrimaryEmailAddr: { Address }, PrimaryPhone:
 *   { FreeFormNumber }, BillAddr: { Line1, City, CountrySubDivisionCode, PostalCode, Country },
 *   SyncToken }], startPosition, maxResults } };
 *   Invoice: { Id, DocNumber, TxnDate, DueDate, CustomerRef: { value }, Line: [{ DetailType:
 *   'SalesItemLineDetail', Amount, Description, SalesItemLineDetail: { Qty, UnitPrice } }],
 *   TxnTaxDetail: { TotalTax }, TotalAmt, Balance };
 *   Payment: { Id, TxnDate, TotalAmt, Line: [{ Amount, LinkedTxn: [{ TxnId, TxnType: 'Invoice' }] }] }.
 * - POST /v3/company/{realmId}/customer and /invoice with ?requestid= (Intuit's idempotency key)
 *   -> { Customer: { Id } } / { Invoice: { Id } }.
 * - 401 from the API, or invalid_grant on refresh: the authorization expired.
 */

const LABEL = 'QuickBooks Online';
const PAGE = 500;
const MINOR_VERSION = '75';

const SCOPE = 'com.intuit.quickbooks.accounting';

export const quickbooksOnlineOAuth: OAuthProvider = {
  id: 'quickbooks_online',
  label: LABEL,
  configOf: (deps) => deps.config.quickbooksOnline ?? null,
  authorizationUrl: async (config, state, redirectUri) => authorizationUrl(config, { redirectUri, scope: SCOPE, state }),
  async exchangeCode(config, callback, redirectUri, now) {
    // Intuit sends the company's id (realmId) with the code on the callback.
    const realmId = callback.realmId ?? new URL(callback.url, 'http://callback.invalid').searchParams.get('realmId');
    if (!realmId) throw new Error('No realmId in the answer');
    const tokens = await exchangeAuthorizationCode(config, LABEL, { code: callback.code, redirectUri }, now);
    return { tokens, settings: { realmId } };
  },
};

type Json = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);

export function qboBackend(config: OAuthProviderConfig, realmId: string, accessToken: string): ApiBackend {
  const base = `${config.apiBaseUrl}/v3/company/${encodeURIComponent(realmId)}`;
  const call = async (path: string, init: RequestInit = {}): Promise<Json> => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'content-type': 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status === 401 || response.status === 403) throw new AuthorizationExpiredError(`HTTP ${response.status}`);
    const body = (await response.json().catch(() => ({}))) as Json;
    if (!response.ok) {
      const fault = list(obj(body.Fault).Error)[0];
      throw new Error(`${LABEL} answered HTTP ${response.status}${fault ? `: ${str(fault.Message) ?? ''} ${str(fault.Detail) ?? ''}`.trimEnd() : ''}`);
    }
    return body;
  };
  async function* query(entity: 'Customer' | 'Invoice' | 'Payment', since: Date | null): AsyncGenerator<Json[]> {
    for (let start = 1; ; start += PAGE) {
      const where = since ? ` where Metadata.LastUpdatedTime > '${since.toISOString()}'` : '';
      const statement = `select * from ${entity}${where} STARTPOSITION ${start} MAXRESULTS ${PAGE}`;
      const body = await call(`/query?query=${encodeURIComponent(statement)}&minorversion=${MINOR_VERSION}`);
      const rows = list(obj(body.QueryResponse)[entity]);
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
    }
  }
  return {
    source: 'quickbooks_online',
    label: LABEL,
    async *customers(since) {
      for await (const rows of query('Customer', since)) {
        yield rows.map((row): RemoteCustomer => {
          const address = obj(row.BillAddr);
          return {
            id: String(row.Id),
            name: str(row.DisplayName) ?? str(row.CompanyName) ?? `Customer ${String(row.Id)}`,
            email: str(obj(row.PrimaryEmailAddr).Address),
            phone: str(obj(row.PrimaryPhone).FreeFormNumber),
            address: [str(address.Line1), str(address.Line2)].filter(Boolean).join('\n') || null,
            city: str(address.City),
            state: str(address.CountrySubDivisionCode),
            zipCode: str(address.PostalCode),
            country: str(address.Country),
            version: str(row.SyncToken),
          };
        });
      }
    },
    async *invoices(since) {
      for await (const rows of query('Invoice', since)) {
        yield rows.map((row): RemoteInvoice => ({
          id: String(row.Id),
          number: str(row.DocNumber),
          customerId: String(obj(row.CustomerRef).value),
          date: String(row.TxnDate).slice(0, 10),
          dueDate: String(row.DueDate ?? row.TxnDate).slice(0, 10),
          lines: list(row.Line)
            .filter((line) => line.DetailType === 'SalesItemLineDetail')
            .map((line) => {
              const detail = obj(line.SalesItemLineDetail);
              const amount = providerCents(line.Amount, LABEL);
              const quantity = str(detail.Qty) ?? '1';
              const unit = detail.UnitPrice === undefined ? amount : providerCents(detail.UnitPrice, LABEL);
              return { description: str(line.Description) ?? 'Item', quantity, unitPrice: unit };
            }),
          taxAmount: providerCents(obj(row.TxnTaxDetail).TotalTax, LABEL),
          totalAmount: providerCents(row.TotalAmt, LABEL),
          version: str(row.SyncToken),
        }));
      }
    },
    async *payments(since) {
      for await (const rows of query('Payment', since)) {
        yield rows.map((row): RemotePayment => ({
          id: String(row.Id),
          date: String(row.TxnDate).slice(0, 10),
          applied: list(row.Line).flatMap((line) =>
            list(line.LinkedTxn)
              .filter((linked) => linked.TxnType === 'Invoice')
              .map((linked) => ({ invoiceId: String(linked.TxnId), amount: providerCents(line.Amount, LABEL) })),
          ),
        }));
      }
    },
    async createCustomer(customer, key) {
      const body = await call(`/customer?requestid=${encodeURIComponent(key)}&minorversion=${MINOR_VERSION}`, {
        method: 'POST',
        body: JSON.stringify({
          DisplayName: customer.name,
          PrimaryEmailAddr: { Address: customer.email },
          ...(customer.phone ? { PrimaryPhone: { FreeFormNumber: customer.phone } } : {}),
          BillAddr: { Line1: customer.address ?? undefined, City: customer.city ?? undefined, CountrySubDivisionCode: customer.state ?? undefined, PostalCode: customer.zipCode ?? undefined, Country: customer.country },
        }),
      });
      const id = str(obj(body.Customer).Id);
      if (!id) throw new Error(`${LABEL} did not return the new customer's id`);
      return id;
    },
    async createInvoice(invoice, customerId, key) {
      const lines: Json[] = invoice.lines.map((line) => ({
        DetailType: 'SalesItemLineDetail',
        Amount: centsToNumber(line.totalPrice),
        Description: line.description,
        SalesItemLineDetail: { Qty: Number(line.quantity), UnitPrice: centsToNumber(line.unitPrice) },
      }));
      if (invoice.discountAmount > 0) lines.push({ DetailType: 'DiscountLineDetail', Amount: centsToNumber(invoice.discountAmount), DiscountLineDetail: { PercentBased: false } });
      const body = await call(`/invoice?requestid=${encodeURIComponent(key)}&minorversion=${MINOR_VERSION}`, {
        method: 'POST',
        body: JSON.stringify({
          CustomerRef: { value: customerId },
          DocNumber: invoice.number.slice(0, 21),
          TxnDate: invoice.issueDate,
          DueDate: invoice.dueDate,
          Line: lines,
          ...(invoice.taxAmount > 0 ? { TxnTaxDetail: { TotalTax: centsToNumber(invoice.taxAmount) } } : {}),
        }),
      });
      const id = str(obj(body.Invoice).Id);
      if (!id) throw new Error(`${LABEL} did not return the new invoice's id`);
      return id;
    },
  };
}

async function syncQbo(context: SyncContext) {
  const config = context.deps.config.quickbooksOnline;
  if (!config) throw new Error(`${LABEL} is not configured on this server`);
  const realmId = str(context.integration.settings.realmId);
  if (context.integration.status !== 'connected' || !realmId) throw new Error(`Authorize ${LABEL} first: the connection is waiting for authorization.`);
  let tokens;
  try {
    tokens = await freshTokens(context.secrets, context.now, (refreshToken) => refreshAccessToken(config, LABEL, refreshToken, context.now), context.saveSecrets);
  } catch (error) {
    if (error instanceof AuthorizationExpiredError) throw new Error(`Reconnect ${LABEL}: the authorization expired or was revoked.`, { cause: error });
    throw error;
  }
  return runApiSync(context, qboBackend(config, realmId, tokens.accessToken));
}

export const quickbooksOnlineConnector: ProviderConnector = {
  id: 'quickbooks_online',
  isConfigured: (deps) => Boolean(deps.config.quickbooksOnline),
  prepareConnect: (deps, input) => prepareOAuthConnect(quickbooksOnlineOAuth, deps, input),
  sync: syncQbo,
};
