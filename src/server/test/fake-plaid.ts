import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Plaid's API for the bank-feed tests and the e2e server: it answers the documented
 * request and response shapes (https://plaid.com/docs/api/) of /link/token/create,
 * /sandbox/public_token/create, /item/public_token/exchange, /accounts/balance/get and
 * /transactions/sync (a cursor over the item's change log, paged by count with has_more), and
 * Plaid's error body for a bad key or token. Amounts follow Plaid's sign: positive is money out.
 */

export interface FakePlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  name: string;
  merchant_name?: string | null;
  pending?: boolean;
}

interface FakeAccount {
  account_id: string;
  name: string;
  mask: string;
  type: string;
  subtype: string;
  balances: { current: number; available: number | null; iso_currency_code: string };
}

type Change = { kind: 'added' | 'modified'; transaction: FakePlaidTransaction } | { kind: 'removed'; transactionId: string; accountId: string };

interface FakeItem {
  itemId: string;
  accounts: FakeAccount[];
  log: Change[];
}

export interface FakePlaid {
  url: string;
  clientId: string;
  secret: string;
  /** Every call: path and parsed body. */
  calls: { path: string; body: Record<string, unknown> }[];
  /** The access tokens handed out, oldest first. */
  accessTokens(): string[];
  addTransactions(accessToken: string, transactions: FakePlaidTransaction[]): void;
  modifyTransaction(accessToken: string, transaction: FakePlaidTransaction): void;
  removeTransaction(accessToken: string, transactionId: string, accountId: string): void;
  setBalance(accessToken: string, accountId: string, current: number): void;
  /** Most changes one /transactions/sync page returns (Plaid's count, capped here to test has_more). */
  pageSize: number;
  close(): Promise<void>;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the month before `now` (UTC), plus `days`. */
export function dayOfLastMonth(now: Date, days: number): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return isoDay(new Date(first.getTime() + days * 86_400_000));
}

/**
 * What a new sandbox item holds: a checking account with last month's five posted transactions
 * (net +720.35) and one pending, and a savings account with one transaction.
 */
export function sandboxTransactions(now: Date): FakePlaidTransaction[] {
  return [
    { transaction_id: 'tx-deposit-bakery', account_id: 'acc-checking', amount: -1250, date: dayOfLastMonth(now, 2), name: 'ACH DEPOSIT BAYSIDE BAKERY INV-1001', merchant_name: null },
    { transaction_id: 'tx-payroll', account_id: 'acc-checking', amount: 820.4, date: dayOfLastMonth(now, 5), name: 'GUSTO PAYROLL', merchant_name: 'Gusto' },
    { transaction_id: 'tx-coffee', account_id: 'acc-checking', amount: 4.5, date: dayOfLastMonth(now, 9), name: '=SUM(A1:A9) Coffee', merchant_name: 'Harbor Coffee' },
    { transaction_id: 'tx-stripe', account_id: 'acc-checking', amount: -310.25, date: dayOfLastMonth(now, 14), name: 'STRIPE TRANSFER', merchant_name: 'Stripe' },
    { transaction_id: 'tx-fee', account_id: 'acc-checking', amount: 15, date: dayOfLastMonth(now, 20), name: 'MONTHLY SERVICE FEE', merchant_name: null },
    { transaction_id: 'tx-pending', account_id: 'acc-checking', amount: 42, date: isoDay(now), name: 'PENDING CARD PURCHASE', pending: true },
    { transaction_id: 'tx-savings-interest', account_id: 'acc-savings', amount: -1.23, date: dayOfLastMonth(now, 27), name: 'INTEREST' },
  ];
}

export async function startFakePlaid(options: { now?: () => Date; clientId?: string; secret?: string } = {}): Promise<FakePlaid> {
  const now = options.now ?? (() => new Date());
  const clientId = options.clientId ?? 'fake-client-id';
  const secret = options.secret ?? 'fake-secret';
  const items = new Map<string, FakeItem>();
  const publicTokens = new Map<string, FakeItem>();
  const calls: FakePlaid['calls'] = [];
  let counter = 0;
  const next = () => (counter += 1);

  const newItem = (): FakeItem => ({
    itemId: `item-sandbox-${next()}`,
    accounts: [
      { account_id: 'acc-checking', name: 'Plaid Checking', mask: '0000', type: 'depository', subtype: 'checking', balances: { current: 720.35, available: 700.35, iso_currency_code: 'USD' } },
      { account_id: 'acc-savings', name: 'Plaid Saving', mask: '1111', type: 'depository', subtype: 'savings', balances: { current: 1001.23, available: 1001.23, iso_currency_code: 'USD' } },
    ],
    log: sandboxTransactions(now()).map((transaction) => ({ kind: 'added', transaction })),
  });

  const fake: FakePlaid = {
    url: '',
    clientId,
    secret,
    calls,
    pageSize: 100,
    accessTokens: () => [...items.keys()],
    addTransactions(accessToken, transactions) {
      const item = items.get(accessToken);
      for (const transaction of transactions) item?.log.push({ kind: 'added', transaction });
    },
    modifyTransaction(accessToken, transaction) {
      items.get(accessToken)?.log.push({ kind: 'modified', transaction });
    },
    removeTransaction(accessToken, transactionId, accountId) {
      items.get(accessToken)?.log.push({ kind: 'removed', transactionId, accountId });
    },
    setBalance(accessToken, accountId, current) {
      const account = items.get(accessToken)?.accounts.find((candidate) => candidate.account_id === accountId);
      if (account) account.balances.current = current;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        body = {};
      }
      calls.push({ path, body });
      const send = (status: number, json: Record<string, unknown>) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ...json, request_id: `req-${next()}` }));
      };
      const fail = (errorType: string, errorCode: string, message: string) =>
        send(400, { error_type: errorType, error_code: errorCode, error_message: message, display_message: null });
      if (request.method !== 'POST') return fail('INVALID_REQUEST', 'INVALID_HTTP_METHOD', 'only POST is allowed');
      if (body.client_id !== clientId || body.secret !== secret) return fail('INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
      const itemOf = () => items.get(String(body.access_token ?? ''));

      switch (path) {
        case '/link/token/create':
          return send(200, { link_token: `link-sandbox-${next()}`, expiration: new Date(now().getTime() + 4 * 3600_000).toISOString() });
        case '/sandbox/public_token/create': {
          const token = `public-sandbox-${next()}`;
          publicTokens.set(token, newItem());
          return send(200, { public_token: token });
        }
        case '/item/public_token/exchange': {
          const item = publicTokens.get(String(body.public_token ?? ''));
          if (!item) return fail('INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'provided public token is in an invalid format. expected format: public-<environment>-<identifier>');
          publicTokens.delete(String(body.public_token));
          const accessToken = `access-sandbox-${next()}`;
          items.set(accessToken, item);
          return send(200, { access_token: accessToken, item_id: item.itemId });
        }
        case '/accounts/balance/get': {
          const item = itemOf();
          if (!item) return fail('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
          const wanted = (body.options as { account_ids?: string[] } | undefined)?.account_ids;
          return send(200, { accounts: item.accounts.filter((account) => !wanted || wanted.includes(account.account_id)), item: { item_id: item.itemId } });
        }
        case '/transactions/sync': {
          const item = itemOf();
          if (!item) return fail('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'provided access token is in an invalid format');
          const start = body.cursor ? Number(String(body.cursor).replace('cursor-', '')) : 0;
          if (!Number.isInteger(start) || start < 0 || start > item.log.length) return fail('INVALID_INPUT', 'INVALID_FIELD', 'cursor is invalid');
          const count = Math.min(Number(body.count ?? 100), fake.pageSize);
          const page = item.log.slice(start, start + count);
          const end = start + page.length;
          const shape = (transaction: FakePlaidTransaction) => ({
            iso_currency_code: 'USD',
            unofficial_currency_code: null,
            authorized_date: transaction.date,
            payment_channel: 'other',
            payment_meta: { reference_number: null },
            merchant_name: null,
            pending: false,
            ...transaction,
          });
          return send(200, {
            added: page.flatMap((change) => (change.kind === 'added' ? [shape(change.transaction)] : [])),
            modified: page.flatMap((change) => (change.kind === 'modified' ? [shape(change.transaction)] : [])),
            removed: page.flatMap((change) => (change.kind === 'removed' ? [{ transaction_id: change.transactionId, account_id: change.accountId }] : [])),
            next_cursor: `cursor-${end}`,
            has_more: end < item.log.length,
            accounts: item.accounts,
          });
        }
        default:
          return fail('INVALID_REQUEST', 'NOT_FOUND', `unknown endpoint ${path}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
