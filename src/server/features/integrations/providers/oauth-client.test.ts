import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthProviderConfig } from '../../../config';
import { AppError } from '../../../platform/errors';
import { AuthorizationExpiredError } from './api-sync';
import { freshTokens } from './oauth';
import { OAuthGrantRefusedError, OAuthUnavailableError, authorizationUrl, exchangeAuthorizationCode, refreshAccessToken } from './oauth-client';

interface TokenCall {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * A token endpoint on 127.0.0.1 answering as Intuit's and Xero's do (RFC 6749 5.1 and 5.2): HTTP
 * Basic client authentication, a form body; /intuit answers Intuit's shape (with
 * x_refresh_token_expires_in), /xero Xero's, /broken a 503, /garbage a 200 without tokens.
 */
async function startTokenServer() {
  const calls: TokenCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = request.url ?? '/';
      calls.push({ path, authorization: request.headers.authorization, contentType: request.headers['content-type'], form });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
      };
      if (path === '/broken') return send(503, { message: 'down' });
      if (path === '/garbage') return send(200, { token_type: 'bearer' });
      if (request.headers.authorization !== `Basic ${Buffer.from('client-id:s3cret').toString('base64')}`) return send(401, { error: 'invalid_client' });
      const intuit = path === '/intuit';
      if (form.grant_type === 'authorization_code' && form.code === 'good-code' && form.redirect_uri === 'https://app.example/callback') {
        return send(200, intuit
          ? { token_type: 'bearer', access_token: 'at-1', refresh_token: 'rt-1', expires_in: 3600, x_refresh_token_expires_in: 8726400 }
          : { id_token: 'id', access_token: 'at-1', expires_in: 1800, token_type: 'Bearer', refresh_token: 'rt-1', scope: 'accounting.transactions offline_access' });
      }
      if (form.grant_type === 'refresh_token' && form.refresh_token === 'rt-1') return send(200, { token_type: 'bearer', access_token: 'at-2', refresh_token: 'rt-2', expires_in: 3600 });
      if (form.grant_type === 'refresh_token' && form.refresh_token === 'rt-keep') return send(200, { token_type: 'bearer', access_token: 'at-3', expires_in: '600' });
      return send(400, { error: 'invalid_grant', error_description: 'Token invalid: rt-secret-value' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let fake: Awaited<ReturnType<typeof startTokenServer>>;
const now = new Date('2026-11-24T10:00:00Z');
const config = (path: string, secret = 's3cret'): OAuthProviderConfig => ({
  clientId: 'client-id',
  clientSecret: secret,
  environment: 'sandbox',
  apiBaseUrl: fake.base,
  authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
  tokenUrl: `${fake.base}${path}`,
});

beforeAll(async () => {
  fake = await startTokenServer();
});
afterAll(async () => fake.close());

describe('OAuth 2.0 client', () => {
  it('builds the authorization URL with the RFC 6749 parameters, keeping any query the URL has', () => {
    const url = new URL(authorizationUrl(config('/intuit'), { redirectUri: 'https://app.example/callback', scope: 'com.intuit.quickbooks.accounting', state: 'st&te=1' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://appcenter.intuit.com/connect/oauth2');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code', client_id: 'client-id', redirect_uri: 'https://app.example/callback', scope: 'com.intuit.quickbooks.accounting', state: 'st&te=1',
    });
    const withQuery = new URL(authorizationUrl({ clientId: 'c', authorizeUrl: 'https://login.example/authorize?prompt=consent' }, { redirectUri: 'r', scope: 's', state: 'x' }));
    expect(withQuery.searchParams.get('prompt')).toBe('consent');
    expect(withQuery.searchParams.get('state')).toBe('x');
  });

  it("exchanges a code at Intuit's and Xero's endpoints: Basic client authentication, a form body, the tokens and their expiry", async () => {
    for (const path of ['/intuit', '/xero']) {
      const tokens = await exchangeAuthorizationCode(config(path), 'Provider', { code: 'good-code', redirectUri: 'https://app.example/callback' }, now);
      const expiresIn = path === '/intuit' ? 3600 : 1800;
      expect(tokens).toEqual({ accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: new Date(now.getTime() + expiresIn * 1000).toISOString() });
      const call = fake.calls.at(-1);
      expect(call).toEqual({
        path,
        authorization: `Basic ${Buffer.from('client-id:s3cret').toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        form: { grant_type: 'authorization_code', code: 'good-code', redirect_uri: 'https://app.example/callback' },
      });
    }
  });

  it('refreshes: the new refresh token replaces the old, or the old is kept when the answer has none', async () => {
    expect(await refreshAccessToken(config('/xero'), 'Xero', 'rt-1', now)).toEqual({ accessToken: 'at-2', refreshToken: 'rt-2', expiresAt: '2026-11-24T11:00:00.000Z' });
    expect(fake.calls.at(-1)?.form).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt-1' });
    expect(await refreshAccessToken(config('/intuit'), 'QuickBooks Online', 'rt-keep', now)).toEqual({ accessToken: 'at-3', refreshToken: 'rt-keep', expiresAt: '2026-11-24T10:10:00.000Z' });
  });

  it('turns a 400 invalid_grant into a 400 AppError naming the provider and the OAuth error, never the token or the description', async () => {
    const refused = await exchangeAuthorizationCode(config('/intuit'), 'QuickBooks Online', { code: 'used-code', redirectUri: 'https://app.example/callback' }, now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthGrantRefusedError);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', status: 400, oauthError: 'invalid_grant', message: 'QuickBooks Online refused the authorization code (invalid_grant); start Connect again' });
    const revoked = await refreshAccessToken(config('/xero'), 'Xero', 'rt-secret-value', now).catch((error: unknown) => error);
    expect(revoked).toMatchObject({ code: 'BAD_REQUEST', message: 'Xero refused to renew the authorization (invalid_grant); reconnect Xero' });
    expect(JSON.stringify(revoked) + String((revoked as Error).message)).not.toContain('rt-secret-value');
    const wrongSecret = await refreshAccessToken(config('/xero', 'wrong'), 'Xero', 'rt-1', now).catch((error: unknown) => error);
    expect(wrongSecret).toMatchObject({ oauthError: 'invalid_client', message: 'Xero refused to renew the authorization (invalid_client); reconnect Xero' });
    expect(String((wrongSecret as Error).message)).not.toContain('wrong');
  });

  it('an endpoint that is down, unreachable or answers no tokens is a 400 AppError saying so', async () => {
    await expect(refreshAccessToken(config('/broken'), 'Xero', 'rt-1', now)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Xero could not be reached to renew the authorization; sync again in a few minutes' });
    await expect(refreshAccessToken(config('/garbage'), 'Xero', 'rt-1', now)).rejects.toBeInstanceOf(OAuthUnavailableError);
    const closed = { ...config('/intuit'), tokenUrl: 'http://127.0.0.1:1/token' };
    await expect(exchangeAuthorizationCode(closed, 'QuickBooks Online', { code: 'good-code', redirectUri: 'https://app.example/callback' }, now)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'QuickBooks Online could not be reached to finish the authorization; start Connect again in a few minutes',
    });
  });

  it('a refused refresh inside freshTokens asks to reconnect and saves nothing', async () => {
    const saved: Record<string, unknown>[] = [];
    const expired = { accessToken: 'at-old', refreshToken: 'revoked', expiresAt: '2000-01-01T00:00:00Z' };
    const refresh = (token: string) => refreshAccessToken(config('/xero'), 'Xero', token, now);
    await expect(freshTokens(expired, now, refresh, async (next) => void saved.push(next))).rejects.toBeInstanceOf(AuthorizationExpiredError);
    expect(saved).toEqual([]);
    const fresh = await freshTokens({ ...expired, refreshToken: 'rt-1', tenant: 'kept' }, now, refresh, async (next) => void saved.push(next));
    expect(fresh).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2', tenant: 'kept' });
    expect(saved).toHaveLength(1);
  });
});
