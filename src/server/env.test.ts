import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('OPERATOR_EMAILS and RATE_LIMIT_MULTIPLIER', () => {
  it('reads comma-separated operator addresses, trimmed and lower-cased; unset means none', () => {
    expect(parseEnv({ OPERATOR_EMAILS: ' Ops@Signal.example, ,sales@signal.example ' }).OPERATOR_EMAILS).toEqual([
      'ops@signal.example',
      'sales@signal.example',
    ]);
    expect(parseEnv({}).OPERATOR_EMAILS).toEqual([]);
    expect(parseEnv({ OPERATOR_EMAILS: '' }).OPERATOR_EMAILS).toEqual([]);
  });

  it('stops start-up on an address that is not one, naming the variable', () => {
    expect(() => parseEnv({ OPERATOR_EMAILS: 'ops@signal.example, nobody' })).toThrow(/^Invalid OPERATOR_EMAILS: must be comma-separated email addresses$/);
  });

  it('keeps the limits as they are unless told otherwise', () => {
    expect(parseEnv({}).RATE_LIMIT_MULTIPLIER).toBe(1);
    expect(parseEnv({ RATE_LIMIT_MULTIPLIER: '20' }).RATE_LIMIT_MULTIPLIER).toBe(20);
    expect(() => parseEnv({ RATE_LIMIT_MULTIPLIER: '0' })).toThrow(/^Invalid RATE_LIMIT_MULTIPLIER/);
  });
});

describe('EINVOICE_AP_URL, EINVOICE_AP_KEY and EINVOICE_AP_LEGAL_ENTITY_ID', () => {
  const ap = { EINVOICE_AP_URL: 'https://api.storecove.com/api/v2', EINVOICE_AP_KEY: 'key', EINVOICE_AP_LEGAL_ENTITY_ID: '4242' };

  it('reads the access point when all three are set, and none when none is', () => {
    expect(parseEnv(ap)).toMatchObject({ EINVOICE_AP_URL: ap.EINVOICE_AP_URL, EINVOICE_AP_KEY: 'key', EINVOICE_AP_LEGAL_ENTITY_ID: 4242 });
    expect(parseEnv({}).EINVOICE_AP_URL).toBeUndefined();
  });

  it('refuses the URL without its key, the key without the URL, a missing legal entity and plain http', () => {
    expect(() => parseEnv({ ...ap, EINVOICE_AP_KEY: '' })).toThrow(/^Invalid EINVOICE_AP_KEY: and EINVOICE_AP_URL must be set together$/);
    expect(() => parseEnv({ EINVOICE_AP_KEY: 'key' })).toThrow(/^Invalid EINVOICE_AP_KEY/);
    expect(() => parseEnv({ ...ap, EINVOICE_AP_LEGAL_ENTITY_ID: undefined })).toThrow(/^Invalid EINVOICE_AP_LEGAL_ENTITY_ID/);
    expect(() => parseEnv({ ...ap, EINVOICE_AP_URL: 'http://ap.example.com/api/v2' })).toThrow(/^Invalid EINVOICE_AP_URL: must use https$/);
  });
});

describe('keys on PostgreSQL', () => {
  const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/signal' };
  const sessionSecret = 's'.repeat(40);
  const keyA = 'a'.repeat(64);
  const keyB = 'b'.repeat(64);

  it('refuses PostgreSQL without SESSION_SECRET or ENCRYPTION_KEY, naming both in one line', () => {
    const message = /^Invalid SESSION_SECRET: and ENCRYPTION_KEY are required with DATABASE_URL \(every process on one PostgreSQL must share them\)$/;
    expect(() => parseEnv(postgres)).toThrow(message);
    expect(() => parseEnv({ ...postgres, SESSION_SECRET: sessionSecret })).toThrow(message);
    expect(() => parseEnv({ ...postgres, ENCRYPTION_KEY: keyA })).toThrow(message);
    expect(parseEnv({ ...postgres, SESSION_SECRET: sessionSecret, ENCRYPTION_KEY: keyA }).ENCRYPTION_KEY).toBe(keyA);
  });

  it('lets PGlite generate its keys into DATA_DIR', () => {
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: '' }).ENCRYPTION_KEY).toBeUndefined();
  });

  it('reads ENCRYPTION_KEY_PREVIOUS only beside a different ENCRYPTION_KEY', () => {
    expect(parseEnv({ ENCRYPTION_KEY: keyB, ENCRYPTION_KEY_PREVIOUS: keyA }).ENCRYPTION_KEY_PREVIOUS).toBe(keyA);
    expect(() => parseEnv({ ENCRYPTION_KEY_PREVIOUS: keyA })).toThrow(/^Invalid ENCRYPTION_KEY_PREVIOUS: needs the new ENCRYPTION_KEY set beside it$/);
    expect(() => parseEnv({ ENCRYPTION_KEY: keyA, ENCRYPTION_KEY_PREVIOUS: keyA.toUpperCase() })).toThrow(/^Invalid ENCRYPTION_KEY_PREVIOUS: is the same key/);
    expect(() => parseEnv({ ENCRYPTION_KEY: keyB, ENCRYPTION_KEY_PREVIOUS: 'old' })).toThrow(/^Invalid ENCRYPTION_KEY_PREVIOUS: must be 64 hexadecimal/);
  });
});

describe('TRUST_PROXY and SESSION_MAX_AGE_DAYS', () => {
  it('trusts no proxy when unset, and reads a hop count or a list of addresses and ranges', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1, fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it('stops start-up on a value that is neither, in one line naming the variable', () => {
    for (const bad of ['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/8', '::1/129', ',']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/^Invalid TRUST_PROXY: must be a hop count \(1\) or comma-separated proxy addresses or CIDR ranges/);
    }
  });

  it('ends sessions 30 days after sign-in unless told otherwise', () => {
    expect(parseEnv({}).SESSION_MAX_AGE_DAYS).toBe(30);
    expect(parseEnv({ SESSION_MAX_AGE_DAYS: '7' }).SESSION_MAX_AGE_DAYS).toBe(7);
    expect(() => parseEnv({ SESSION_MAX_AGE_DAYS: '0' })).toThrow(/^Invalid SESSION_MAX_AGE_DAYS: must be at least 1$/);
  });
});
