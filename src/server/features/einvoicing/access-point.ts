import { isIP } from 'node:net';
import type { AccessPointConfig } from '../../config';
import { isPublicAddress, systemResolver } from '../integrations/providers/webhook-guard';
import type { EinvoiceFile } from './build-einvoice-file';

/** Who sends and who receives on the network: Peppol participant ids ("0208:0123456789"). */
export interface DeliveryRouting {
  sender: string | null;
  receiver: string;
  documentType: 'invoice' | 'credit_note';
  /** Our id for the submission: the access point processes one submission per key. */
  idempotencyKey: string;
}

export type DeliveryState = 'delivered' | 'failed' | 'pending';

/** A network that carries e-invoices to the buyer's access point (Peppol through a provider). */
export interface EinvoiceDeliveryProvider {
  send: (file: EinvoiceFile, routing: DeliveryRouting) => Promise<{ messageId: string }>;
  status: (messageId: string) => Promise<{ state: DeliveryState; detail: string | null }>;
}

/** The access point refused the document (4xx): not worth retrying as is; the message is theirs. */
export class AccessPointRefusal extends Error {}
/** No answer, a network error or a 5xx: the outcome is unknown, a retry with the same key is safe. */
export class AccessPointUnavailable extends Error {}

export interface AccessPointOptions {
  timeoutMs?: number;
  /** Tests only (config.testOnly): a fake access point on a loopback address, over http. */
  allowLoopback?: boolean;
}

const loopback = (address: string) => address.startsWith('127.') || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * The URL comes from the operator's environment (EINVOICE_AP_URL, https only), not from a user,
 * but the invoice files and the key must still never be sent to a private or metadata address a
 * DNS answer points at: every request re-resolves the host and refuses non-public addresses.
 */
async function checkAccessPointHost(url: URL, options: AccessPointOptions): Promise<void> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(hostname) ? [hostname] : (await systemResolver(hostname)).map((entry) => entry.address);
  if (addresses.length === 0) throw new AccessPointUnavailable(`The access point host ${hostname} could not be resolved`);
  for (const address of addresses) {
    if (isPublicAddress(address)) continue;
    if (options.allowLoopback && loopback(address)) continue;
    throw new AccessPointRefusal(`The access point host ${hostname} resolves to a private or reserved address; check EINVOICE_AP_URL`);
  }
  if (url.protocol !== 'https:' && !options.allowLoopback) throw new AccessPointRefusal('The access point URL must use https');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The provider's words from an error answer: Storecove answers 422 with [{ source, details }]. */
export function errorDetail(status: number, text: string): string {
  const body = parseJson(text);
  const items = Array.isArray(body) ? body : body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors) ? body.errors : null;
  const words = (items ?? [body])
    .map((item: unknown) => {
      if (!item || typeof item !== 'object') return null;
      const record = item as Record<string, unknown>;
      const detail = record.details ?? record.detail ?? record.message;
      if (typeof detail !== 'string') return null;
      return typeof record.source === 'string' && record.source ? `${record.source}: ${detail}` : detail;
    })
    .filter((word): word is string => Boolean(word));
  const message = words.length > 0 ? words.join('; ') : text.trim().slice(0, 300) || 'no message';
  return `The access point answered ${status}: ${message}`.slice(0, 1000);
}

/**
 * Storecove's REST API (https://www.storecove.com/docs, "Document Submissions"):
 *  - POST {base}/document_submissions, Authorization: Bearer <key>, body DocumentSubmission
 *    { legalEntityId, idempotencyGuid, routing: { eIdentifiers: [{ scheme, id }] },
 *      document: { documentType: 'invoice', rawDocumentData: { document: <base64>, parseStrategy: 'ubl' } } }
 *    -> 200 { guid }; a refused document is a 422 with [{ source, details }].
 *  - GET {base}/document_submissions/{guid}/evidence/sending -> 200 evidence once the document was
 *    transmitted to the receiver's access point, 404 while it is still being processed.
 * The same idempotencyGuid on a retry makes Storecove process the first submission only.
 */
export function createStorecoveProvider(config: AccessPointConfig, options: AccessPointOptions = {}): EinvoiceDeliveryProvider {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const call = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Response> => {
    const url = new URL(`${config.baseUrl}${path}`);
    await checkAccessPointHost(url, options);
    try {
      return await fetch(url, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? null : JSON.stringify(init.body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new AccessPointUnavailable(timedOut ? 'The access point did not answer in time' : 'The access point could not be reached');
    }
  };
  return {
    async send(file, routing) {
      const [scheme, ...rest] = routing.receiver.split(':');
      const response = await call('/document_submissions', {
        method: 'POST',
        body: {
          legalEntityId: config.legalEntityId,
          idempotencyGuid: routing.idempotencyKey,
          routing: { eIdentifiers: [{ scheme, id: rest.join(':') }] },
          document: {
            documentType: 'invoice',
            rawDocumentData: { document: file.content.toString('base64'), parse: false, parseStrategy: 'ubl' },
          },
        },
      });
      const text = await response.text().catch(() => '');
      if (response.status >= 500) throw new AccessPointUnavailable(errorDetail(response.status, text));
      if (!response.ok) throw new AccessPointRefusal(errorDetail(response.status, text));
      const answer = parseJson(text);
      const guid = answer && typeof answer === 'object' && 'guid' in answer ? answer.guid : null;
      if (typeof guid !== 'string' || !guid) throw new AccessPointUnavailable('The access point answered without a submission id');
      return { messageId: guid };
    },
    async status(messageId) {
      const response = await call(`/document_submissions/${encodeURIComponent(messageId)}/evidence/sending`, { method: 'GET' });
      const text = await response.text().catch(() => '');
      if (response.status === 404) return { state: 'pending', detail: null };
      if (response.status >= 500) throw new AccessPointUnavailable(errorDetail(response.status, text));
      if (!response.ok) return { state: 'failed', detail: errorDetail(response.status, text) };
      return { state: 'delivered', detail: null };
    },
  };
}
