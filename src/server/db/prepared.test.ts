import { describe, expect, it } from 'vitest';
import { isFirstPageVariant, jsonText } from './prepared';

describe('page statements', () => {
  it('read an empty page as [] and refuse anything else than JSON text', () => {
    expect(jsonText('[{"id":"a"}]')).toBe('[{"id":"a"}]');
    expect(jsonText(undefined)).toBe('[]');
    expect(jsonText(null)).toBe('[]');
    expect(() => jsonText([{ id: 'a' }])).toThrow(/not JSON text/);
    expect(() => jsonText(3)).toThrow(/not JSON text/);
  });

  it('plan first pages of 1 to 200 rows once, and every other window with parameters', () => {
    expect(isFirstPageVariant({ limit: 50, offset: 0 })).toBe(true);
    expect(isFirstPageVariant({ limit: 200, offset: 0 })).toBe(true);
    expect(isFirstPageVariant({ limit: 50, offset: 50 })).toBe(false);
    expect(isFirstPageVariant({ limit: 201, offset: 0 })).toBe(false);
    expect(isFirstPageVariant({ limit: 0.5, offset: 0 })).toBe(false);
  });
});
