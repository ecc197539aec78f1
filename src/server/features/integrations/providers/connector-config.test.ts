import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../../config';
import { parseEnv } from '../../../env';

const base = { SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64), DATA_DIR: '/tmp/signal-connector-config' };

describe('API connector configuration', () => {
  it('is off without credentials, and never sets the test-only relaxations', () => {
    const config = buildConfig(parseEnv(base));
    expect(config.quickbooksOnline).toBeNull();
    expect(config.xero).toBeNull();
    expect(config.testOnly).toBeUndefined();
  });

  it("uses Intuit's and Xero's endpoints by default, the overrides when given", () => {
    const config = buildConfig(parseEnv({ ...base, QBO_CLIENT_ID: 'id', QBO_CLIENT_SECRET: 'secret', XERO_CLIENT_ID: 'xid', XERO_CLIENT_SECRET: 'xsecret' }));
    expect(config.quickbooksOnline).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      environment: 'sandbox',
      apiBaseUrl: 'https://sandbox-quickbooks.api.intuit.com',
      authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
      tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    });
    expect(config.xero).toMatchObject({ apiBaseUrl: 'https://api.xero.com', authorizeUrl: 'https://login.xero.com/identity/connect/authorize', tokenUrl: 'https://identity.xero.com/connect/token' });
    const production = buildConfig(parseEnv({ ...base, QBO_CLIENT_ID: 'id', QBO_CLIENT_SECRET: 'secret', QBO_ENVIRONMENT: 'production', QBO_API_BASE_URL: 'http://127.0.0.1:9999/' }));
    expect(production.quickbooksOnline).toMatchObject({ environment: 'production', apiBaseUrl: 'http://127.0.0.1:9999' });
  });

  it('stops start-up on half a credential pair or a bad environment', () => {
    expect(() => parseEnv({ ...base, QBO_CLIENT_ID: 'id' })).toThrow(/^Invalid QBO_CLIENT_SECRET: and QBO_CLIENT_ID must be set together$/);
    expect(() => parseEnv({ ...base, XERO_CLIENT_SECRET: 'secret' })).toThrow(/^Invalid XERO_CLIENT_SECRET/);
    expect(() => parseEnv({ ...base, QBO_ENVIRONMENT: 'staging' })).toThrow(/^Invalid QBO_ENVIRONMENT/);
  });
});
