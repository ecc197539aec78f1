import type { PlaidConfig } from '../../config';
import { AppError } from '../../platform/errors';

/**
 * Plaid's API (https://plaid.com/docs/api/): every call is a POST of JSON carrying client_id and
 * secret; an error answers with { error_type, error_code, error_message, display_message }. Only
 * the shapes this feature reads are typed here.
 */

export interface PlaidTransaction {
  transaction_id: string;
  account_id: string;
  /** Positive for money OUT of the account (a purchase), negative for money in. */
  amount: number;
  iso_currency_code: string | null;
  date: string;
  name: string;
  merchant_name?: string | null;
  pending: boolean;
  payment_meta?: { reference_number?: string | null } | null;
}

export interface PlaidAccount {
  account_id: string;
  name: string;
  mask: string | null;
  balances: { current: number | null; available: number | null; iso_currency_code: string | null };
}

export interface PlaidSyncPage {
  added: PlaidTransaction[];
  modified: PlaidTransaction[];
  removed: { transaction_id: string; account_id?: string }[];
  next_cursor: string;
  has_more: boolean;
  accounts?: PlaidAccount[];
}

interface PlaidErrorBody {
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
}

/** A failure Plaid reported (or a network failure), with Plaid's code when it gave one. */
export class PlaidError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'PlaidError';
  }
}

export async function plaidPost<T>(config: PlaidConfig, path: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: config.clientId, secret: config.secret, ...body }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new PlaidError(`Plaid could not be reached: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const failure = (json ?? {}) as PlaidErrorBody;
    throw new PlaidError(failure.display_message || failure.error_message || `Plaid answered ${response.status}`, failure.error_code ?? null);
  }
  return json as T;
}

/** A Plaid failure as the API answers it: the user can act on Plaid's message (relink, retry). */
export function plaidFailure(error: unknown): AppError {
  if (error instanceof PlaidError) return new AppError('CONFLICT', `Plaid: ${error.message}`);
  throw error;
}
