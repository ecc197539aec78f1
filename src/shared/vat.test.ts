import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkClaimedTotals, lineItemsSchema } from './contracts/line-items';
import { computeVatBreakdown, spreadAllowance, vatOfLines } from './vat';

describe('computeVatBreakdown', () => {
  it('groups lines by category and rate and sums the VAT of each group', () => {
    const breakdown = computeVatBreakdown([
      { net: 10000, category: 'S', rate: '19' },
      { net: 5000, category: 'S', rate: '7' },
      { net: 2500, category: 'S', rate: '19.00' },
    ]);
    expect(breakdown.groups.map((group) => [group.category, group.rate, group.taxableAmount, group.taxAmount])).toEqual([
      ['S', '19.00', 12500, 2375],
      ['S', '7.00', 5000, 350],
    ]);
    expect(breakdown.taxTotal).toBe(2725);
  });

  it('rounds each group half up to the cent, not each line', () => {
    // 0.05 x 19% = 0.0095 per line; three lines 0.15 x 19% = 0.0285 -> 0.03 (per line would give 0.03 too, 1 cent each).
    const perGroup = computeVatBreakdown([{ net: 5, category: 'S', rate: 19 }, { net: 5, category: 'S', rate: 19 }, { net: 5, category: 'S', rate: 19 }]);
    expect(perGroup.taxTotal).toBe(3);
    // 2.50 x 7% = 0.175 -> 0.18 (half up).
    expect(computeVatBreakdown([{ net: 250, category: 'S', rate: 7 }]).taxTotal).toBe(18);
    // Two lines of 0.07 at 7%: 0.0049 each would round to 0 each; the group's 0.14 x 7% = 0.0098 -> 0.01.
    expect(computeVatBreakdown([{ net: 7, category: 'S', rate: 7 }, { net: 7, category: 'S', rate: 7 }]).taxTotal).toBe(1);
  });

  it('spreads a document allowance over the rates in proportion, the shares adding up exactly', () => {
    const breakdown = computeVatBreakdown(
      [
        { net: 10000, category: 'S', rate: '19' },
        { net: 5000, category: 'S', rate: '7' },
        { net: 1, category: 'Z', rate: 0 },
      ],
      1000,
    );
    expect(breakdown.groups.reduce((sum, group) => sum + group.allowance, 0)).toBe(1000);
    expect(breakdown.groups.map((group) => group.taxableAmount)).toEqual([10000 - 667, 5000 - 333, 1]);
    expect(breakdown.groups.map((group) => group.taxAmount)).toEqual([1773, 327, 0]);
    expect(breakdown.taxTotal).toBe(2100);
  });

  it('gives categories without VAT a rate of 0.00 and no tax', () => {
    const breakdown = computeVatBreakdown([
      { net: 10000, category: 'AE', rate: null },
      { net: 2000, category: 'E', rate: '0' },
      { net: 3000, category: 'Z', rate: 0 },
    ]);
    expect(breakdown.groups.map((group) => [group.category, group.rate, group.taxAmount])).toEqual([
      ['AE', '0.00', 0],
      ['E', '0.00', 0],
      ['Z', '0.00', 0],
    ]);
    expect(breakdown.taxTotal).toBe(0);
  });
});

describe('spreadAllowance', () => {
  it('always adds up to the allowance, whatever the remainders', () => {
    for (const [totals, allowance] of [
      [[1, 1, 1], 2],
      [[333, 333, 334], 100],
      [[10000, 1, 1], 7],
      [[5], 5],
    ] as [number[], number][]) {
      const shares = spreadAllowance(totals, allowance);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(allowance);
    }
  });
});

describe('vatOfLines', () => {
  it('is null for a lump-sum tax (no line with a category)', () => {
    expect(vatOfLines([{}, { taxCategory: null }], [100, 200])).toBeNull();
  });
});

describe('checkLineVat messages', () => {
  const schema = z
    .object({ items: lineItemsSchema, subtotal: z.number(), taxAmount: z.number(), discountAmount: z.number(), totalAmount: z.number() })
    .superRefine((value, ctx) => {
      checkClaimedTotals(value, ctx);
    });
  const messages = (input: Record<string, unknown>) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const line = (overrides: Record<string, unknown>) => ({ description: 'A', quantity: 1, unitPrice: 100, totalPrice: 100, ...overrides });

  it('refuses a line without a category next to one with a category', () => {
    expect(messages({ items: [line({ taxCategory: 'S', taxRate: '19' }), line({})], subtotal: 20000, taxAmount: 1900, discountAmount: 0, totalAmount: 21900 })).toContain(
      'items.1.taxCategory: Give every line a VAT category, or none',
    );
  });

  it('refuses a standard line at 0 and an exempt line with a rate', () => {
    const found = messages({ items: [line({ taxCategory: 'S', taxRate: '0' }), line({ taxCategory: 'E', taxRate: '7' })], subtotal: 20000, taxAmount: 0, discountAmount: 0, totalAmount: 20000 });
    expect(found).toContain('items.0.taxRate: A standard-rated line needs a VAT rate above 0 (BR-S-05)');
    expect(found).toContain('items.1.taxRate: VAT rate must be 0 for category E');
  });

  it('refuses a tax that is not the VAT by rate, and accepts the one that is', () => {
    const items = [line({ taxCategory: 'S', taxRate: '19' }), line({ taxCategory: 'S', taxRate: '7' })];
    expect(messages({ items, subtotal: 20000, taxAmount: 2500, discountAmount: 0, totalAmount: 22500 })).toContain(
      'taxAmount: Tax must equal the VAT of the lines at their rates (BR-CO-14)',
    );
    expect(messages({ items, subtotal: 20000, taxAmount: 2600, discountAmount: 0, totalAmount: 22600 })).toEqual([]);
  });

  it('refuses a bad rate text', () => {
    expect(messages({ items: [line({ taxCategory: 'S', taxRate: '19.555' })], subtotal: 10000, taxAmount: 0, discountAmount: 0, totalAmount: 10000 })).toContain(
      'items.0.taxRate: VAT rate must be a percentage from 0 to 100 with at most 2 decimals',
    );
  });
});
