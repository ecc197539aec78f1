import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './audit';

describe('timeOrderedId', () => {
  it('gives ids that sort in the order they were made, within one millisecond and across a clock step back', () => {
    const made = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(1_800_000_000_000)),
      timeOrderedId(1_799_999_999_000), // the clock stepped back: still after
      timeOrderedId(1_800_000_000_500),
    ];
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('is a version 7 UUID carrying the millisecond', () => {
    const id = timeOrderedId(Date.UTC(2030, 0, 1));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(Date.UTC(2030, 0, 1));
  });
});
