import { describe, expect, it } from 'vitest';
import { toCsvRows } from '../../../platform/csv';
import type { ExportDocument } from './export-data';
import { iifAccountsOf, iifInvoice } from './quickbooks-desktop';
import { xeroInvoiceRows, xeroSettingsOf } from './xero-csv';

/** An invoice as export-data reads it: amounts in minor units of `currency`. */
function invoiceIn(currency: string, unit: number, tax: number): ExportDocument {
  return {
    id: '6f1c1f3e-1111-4111-8111-111111111111',
    number: 'INV-1',
    contactName: 'Tanaka',
    contactEmail: 'tanaka@example.com',
    contact: { id: 'c', name: 'Tanaka', email: 'tanaka@example.com', phone: null, address: null, city: null, state: null, zipCode: null, country: 'JP', taxId: null, paymentTerms: null },
    status: 'sent',
    date: '2026-11-01',
    dueDate: '2026-12-01',
    subtotal: unit,
    taxAmount: tax,
    discountAmount: 0,
    totalAmount: unit + tax,
    notes: null,
    lines: [{ description: 'Work', quantity: '1', unitPrice: unit, totalPrice: unit }],
    currency,
  };
}

describe('integration files in a 0- and 3-decimal currency', () => {
  it('writes the IIF amounts with the currency decimals (¥1,081, KWD 1.334)', () => {
    const accounts = iifAccountsOf({});
    const yen = iifInvoice(invoiceIn('JPY', 1001, 80), accounts);
    expect(yen).toContain('\t1081\t');
    expect(yen).not.toContain('10.81');
    const dinars = iifInvoice(invoiceIn('KWD', 1235, 99), accounts);
    expect(dinars).toContain('\t1.334\t');
    expect(dinars).toContain('\t-1.235\t');
  });

  it('writes the Xero CSV amounts with the currency decimals', () => {
    const rows = toCsvRows(xeroInvoiceRows(invoiceIn('KWD', 1235, 99), xeroSettingsOf({}, { country: 'JP' }), 'KWD'), { purpose: 'import' });
    expect(rows).toContain('1.334');
    expect(rows).toContain('1.235');
    expect(rows).toContain('0.099');
    const yen = toCsvRows(xeroInvoiceRows(invoiceIn('JPY', 1001, 80), xeroSettingsOf({}, { country: 'JP' }), 'JPY'), { purpose: 'import' });
    expect(yen).toContain(',1081,');
    expect(yen).not.toContain('10.81');
  });
});
