import { describe, expect, it } from 'vitest';
import { invoiceContractsFor } from '@shared/contracts/invoices';
import { asDecimal, previewTotals } from './invoice-form-values';

describe("the invoice form's totals in the organization's currency", () => {
  it('previews ¥1,001 plus ¥80 tax as ¥1,081 and writes it back without decimals', () => {
    const totals = previewTotals([{ quantity: '1', unitPrice: '1001' }], '80', '0', 'JPY');
    expect(totals).toMatchObject({ subtotal: 1001, taxAmount: 80, totalAmount: 1081 });
    expect(asDecimal(totals.totalAmount, 'JPY')).toBe('1081');
  });

  it('keeps the third decimal of KWD and the cents of USD', () => {
    const kwd = previewTotals([{ quantity: '2', unitPrice: '1.235' }], '0.198', '0', 'KWD');
    expect(asDecimal(kwd.totalAmount, 'KWD')).toBe('2.668');
    const usd = previewTotals([{ quantity: '1', unitPrice: '10.01' }], '0.80', '0');
    expect(asDecimal(usd.totalAmount)).toBe('10.81');
  });

  it("checks the form with the organization's decimals", () => {
    const values = {
      customerId: '6f1c1f3e-1111-4111-8111-111111111111',
      invoiceNumber: 'INV-1',
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
      subtotal: '1001',
      taxAmount: '80.08',
      totalAmount: '1081.08',
      items: [{ description: 'Work', quantity: '1', unitPrice: '1001', totalPrice: '1001' }],
    };
    const result = invoiceContractsFor('JPY').invoiceInputSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['taxAmount', 'JPY amounts have no decimals']);
    expect(invoiceContractsFor('JPY').invoiceInputSchema.safeParse({ ...values, taxAmount: '80', totalAmount: '1081' }).success).toBe(true);
  });
});
