import { describe, expect, it } from 'vitest';
import { computeTotals } from './totals';

describe('computeTotals', () => {
  it('multiplies, sums and applies tax and discount in cents', () => {
    const totals = computeTotals({
      items: [
        { quantity: 2, unitPrice: 5000 },
        { quantity: '1.5', unitPrice: 2000 },
      ],
      taxAmount: 1040,
      discountAmount: 500,
    });
    expect(totals).toEqual({ itemTotals: [10000, 3000], subtotal: 13000, taxAmount: 1040, discountAmount: 500, totalAmount: 13540 });
  });

  it('rounds each item total half away from zero to the cent', () => {
    expect(computeTotals({ items: [{ quantity: '0.3333', unitPrice: 10000 }], taxAmount: 0 }).itemTotals).toEqual([3333]);
    // 0.5 x 0.01 = 0.005 -> 0.01; 0.25 x 0.01 = 0.0025 -> 0.00
    expect(computeTotals({ items: [{ quantity: '0.5', unitPrice: 1 }, { quantity: '0.25', unitPrice: 1 }], taxAmount: 0 }).itemTotals).toEqual([1, 0]);
    // 1.005 x 1.00 -> 1.01 (a float would say 1.00)
    expect(computeTotals({ items: [{ quantity: '1.005', unitPrice: 100 }], taxAmount: 0 }).itemTotals).toEqual([101]);
  });

  it('reads fractional quantities exactly, whether given as text or number', () => {
    const asText = computeTotals({ items: [{ quantity: '0.1', unitPrice: 30 }, { quantity: '0.2', unitPrice: 30 }], taxAmount: 0 });
    const asNumber = computeTotals({ items: [{ quantity: 0.1, unitPrice: 30 }, { quantity: 0.2, unitPrice: 30 }], taxAmount: 0 });
    expect(asText.itemTotals).toEqual([3, 6]);
    expect(asNumber.itemTotals).toEqual([3, 6]);
    expect(computeTotals({ items: [{ quantity: '12345.6789', unitPrice: 99999 }], taxAmount: 0 }).subtotal).toBe(1234555544);
  });

  it('rounds each line before summing, as the invoice prints them', () => {
    const totals = computeTotals({ items: [{ quantity: '0.5', unitPrice: 1 }, { quantity: '0.5', unitPrice: 1 }], taxAmount: 0 });
    expect(totals.itemTotals).toEqual([1, 1]);
    expect(totals.subtotal).toBe(2);
  });

  it('treats a missing discount as zero and allows a discount equal to the subtotal', () => {
    expect(computeTotals({ items: [{ quantity: 1, unitPrice: 1000 }], taxAmount: 80 }).totalAmount).toBe(1080);
    expect(computeTotals({ items: [{ quantity: 1, unitPrice: 1000 }], taxAmount: 0, discountAmount: 1000 }).totalAmount).toBe(0);
    expect(computeTotals({ items: [{ quantity: 1, unitPrice: 1000 }], taxAmount: 50, discountAmount: 1000 }).totalAmount).toBe(50);
  });

  it('keeps large totals exact', () => {
    const totals = computeTotals({ items: [{ quantity: 3, unitPrice: 33_333_333_333 }], taxAmount: 1, discountAmount: 0 });
    expect(totals.totalAmount).toBe(100_000_000_000);
  });
});
