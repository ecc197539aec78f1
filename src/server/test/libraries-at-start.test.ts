import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('libraries loaded at start', () => {
  it('does not load the Xero, QuickBooks, Stripe, Excel or PDF libraries until a request needs them', () => {
    const script = path.join(import.meta.dirname, 'libraries-at-start.ts');
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual([]);
  });
});
