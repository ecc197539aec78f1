import { describe, expect, it } from 'vitest';
import { timeSince } from './time-since';

describe('time since a request', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it.each([
    ['2026-11-21T11:30:00Z', 'Less than 1 hour ago'],
    ['2026-11-21T11:00:00Z', '1 hour ago'],
    ['2026-11-21T07:00:00Z', '5 hours ago'],
    ['2026-11-20T11:00:00Z', '1 day ago'],
    ['2026-11-18T12:00:00Z', '3 days ago'],
  ])('%s reads %s', (iso, text) => {
    expect(timeSince(iso, now)).toBe(text);
  });
});
