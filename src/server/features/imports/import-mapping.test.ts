import { describe, expect, it } from 'vitest';
import { guessMapping, templateFiles } from './import-fields';
import { dateEvidence, normaliseAmount, readDate } from './import-values';

describe('guessing the column mapping', () => {
  it("maps Xero's sales invoice template, leaving its invoice Total and account codes out", () => {
    const mapping = guessMapping('invoices', templateFiles.xero.invoices.header);
    expect(mapping).toEqual({
      invoiceNumber: '*InvoiceNumber',
      customerName: '*ContactName',
      customerEmail: 'EmailAddress',
      issueDate: '*InvoiceDate',
      dueDate: '*DueDate',
      description: '*Description',
      quantity: '*Quantity',
      unitPrice: '*UnitAmount',
      taxAmount: 'TaxAmount',
      notes: 'Reference',
    });
  });

  it("maps QuickBooks Online's invoice import, taking ItemDescription over the product name", () => {
    const mapping = guessMapping('invoices', ['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate', 'Terms', 'Memo', 'Item(Product/Service)', 'ItemDescription', 'ItemQuantity', 'ItemRate', 'ItemAmount']);
    expect(mapping).toEqual({
      invoiceNumber: 'InvoiceNo',
      customerName: 'Customer',
      issueDate: 'InvoiceDate',
      dueDate: 'DueDate',
      description: 'ItemDescription',
      quantity: 'ItemQuantity',
      unitPrice: 'ItemRate',
      lineAmount: 'ItemAmount',
      notes: 'Memo',
      paymentTerms: 'Terms',
    });
  });

  it("maps QuickBooks Online's and Xero's customer files and our own field names", () => {
    expect(guessMapping('customers', ['Name', 'Company', 'Email', 'Phone', 'Street', 'City', 'State', 'ZIP', 'Country'])).toEqual({
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      address: 'Street',
      city: 'City',
      state: 'State',
      zipCode: 'ZIP',
      country: 'Country',
    });
    const xero = guessMapping('customers', templateFiles.xero.customers.header);
    expect(xero).toMatchObject({ name: '*ContactName', email: 'EmailAddress', address: 'POAddressLine1', city: 'POCity', zipCode: 'POPostalCode', phone: 'PhoneNumber', taxId: 'TaxNumber' });
    expect(guessMapping('vendors', templateFiles.generic.vendors.header)).toMatchObject({ name: 'name', accountNumber: 'accountNumber', routingNumber: 'routingNumber', externalId: 'externalId' });
  });

  it("maps QuickBooks Online's bill file, whose lines have an amount and no unit price", () => {
    expect(guessMapping('bills', templateFiles.quickbooks_online.bills.header)).toEqual({
      billNumber: 'Bill No',
      vendorName: 'Vendor',
      billDate: 'Bill Date',
      dueDate: 'Due Date',
      description: 'Line Description',
      lineAmount: 'Line Amount',
      taxAmount: 'Line Tax Amount',
      notes: 'Memo',
    });
  });
});

describe('reading cells', () => {
  it('reads amounts with symbols, thousands separators and accounting parentheses', () => {
    expect(normaliseAmount('$1,234.56')).toBe('1234.56');
    expect(normaliseAmount(' 1,234 ')).toBe('1234');
    expect(normaliseAmount('(12.00)')).toBe('-12.00');
    expect(normaliseAmount('12,34')).toBe('12,34');
    expect(normaliseAmount('abc')).toBe('abc');
  });

  it('reads dates in the chosen format and reports what it cannot tell', () => {
    expect(readDate('2026-11-05', null)).toEqual({ passOn: '2026-11-05' });
    expect(readDate('2026-11-05T10:00:00Z', 'DD/MM/YYYY')).toEqual({ passOn: '2026-11-05T10:00:00Z' });
    expect(readDate('11/05/2026', 'MM/DD/YYYY')).toEqual({ day: '2026-11-05' });
    expect(readDate('11/05/2026', 'DD/MM/YYYY')).toEqual({ day: '2026-05-11' });
    expect(readDate('11/05/2026', null)).toEqual({ error: 'Ambiguous date "11/05/2026": choose the file\'s date format (MM/DD/YYYY or DD/MM/YYYY)' });
    expect(readDate('31/02/2026', 'DD/MM/YYYY')).toEqual({ error: 'Invalid date "31/02/2026"' });
    expect(dateEvidence('25/12/2026')).toBe('DD/MM/YYYY');
    expect(dateEvidence('12/25/2026')).toBe('MM/DD/YYYY');
    expect(dateEvidence('03/04/2026')).toBe('ambiguous');
  });
});
