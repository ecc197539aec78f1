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
