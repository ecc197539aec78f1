import type { ImportDateFormat, ImportEntity, ImportField, ImportMapping, ImportTemplate } from '../../../shared/contracts/imports';

/**
 * Our importable fields per entity, and the column names that mean them: our own field names,
 * common synonyms, and the QuickBooks Online and Xero import templates' headers. Synonyms are in
 * order of preference (QBO's invoice file has both "Item(Product/Service)" and "ItemDescription":
 * the description wins).
 */
interface FieldSpec extends ImportField {
  synonyms: readonly string[];
}

const f = (field: string, label: string, required: boolean, synonyms: readonly string[]): FieldSpec => ({ field, label, required, synonyms });

const address = [
  f('phone', 'Phone', false, ['phone', 'phone number', 'phonenumber', 'telephone', 'mobile', 'mobilenumber']),
  f('address', 'Address', false, ['address', 'street', 'street address', 'billing address', 'poaddressline1', 'billing address line 1', 'address line 1']),
  f('city', 'City', false, ['city', 'pocity', 'billing address city', 'town']),
  f('state', 'State', false, ['state', 'region', 'province', 'poregion', 'billing address state']),
  f('zipCode', 'ZIP code', false, ['zipcode', 'zip', 'zip code', 'postal code', 'postcode', 'popostalcode', 'billing address postal code']),
  f('country', 'Country', false, ['country', 'pocountry', 'billing address country']),
];

const lines = (documentLabel: string) => [
  f('description', 'Description', true, ['description', 'itemdescription', 'line description', 'item description', 'memo/description', 'item', 'item(product/service)', 'product/service']),
  f('quantity', 'Quantity', false, ['quantity', 'itemquantity', 'qty', 'line quantity']),
  f('unitPrice', 'Unit price', false, ['unitprice', 'unit price', 'unitamount', 'itemrate', 'rate', 'price', 'unit cost']),
  f('lineAmount', 'Line amount', false, ['lineamount', 'line amount', 'itemamount', 'amount', 'line total']),
  f('taxAmount', 'Tax amount', false, ['taxamount', 'tax amount', 'line tax amount', 'itemtaxamount', 'tax']),
  f('notes', `${documentLabel} notes`, false, ['notes', 'memo', 'message', 'reference']),
];

export const entityFields: Record<ImportEntity, readonly FieldSpec[]> = {
  customers: [
    f('externalId', 'External ID', false, ['externalid', 'external id', 'id', 'customer id', 'customerid', 'contactid']),
    f('name', 'Name', true, ['name', 'customer', 'customer name', 'display name', 'contactname', 'company', 'company name']),
    f('email', 'Email', true, ['email', 'emailaddress', 'email address', 'e-mail']),
    ...address,
    f('website', 'Website', false, ['website', 'web']),
    f('taxId', 'Tax ID', false, ['taxid', 'tax id', 'taxnumber', 'tax number', 'resale number']),
    f('paymentTerms', 'Payment terms', false, ['paymentterms', 'payment terms', 'terms']),
    f('creditLimit', 'Credit limit', false, ['creditlimit', 'credit limit']),
  ],
  vendors: [
    f('externalId', 'External ID', false, ['externalid', 'external id', 'id', 'vendor id', 'vendorid', 'supplier id', 'contactid']),
    f('name', 'Name', true, ['name', 'vendor', 'vendor name', 'supplier', 'supplier name', 'display name', 'contactname', 'company', 'company name']),
    f('email', 'Email', true, ['email', 'emailaddress', 'email address', 'e-mail']),
    ...address,
    f('taxId', 'Tax ID', false, ['taxid', 'tax id', 'taxnumber', 'tax number', 'business id no', 'ein']),
    f('paymentMethod', 'Payment method (ach, wire, check, card; blank: check)', false, ['paymentmethod', 'payment method']),
    f('bankName', 'Bank name', false, ['bankname', 'bank name', 'bank']),
    f('routingNumber', 'Routing number', false, ['routingnumber', 'routing number', 'aba', 'aba routing number']),
    f('accountNumber', 'Bank account number', false, ['bankaccountnumber', 'bank account number', 'accountnumber', 'account number']),
  ],
  invoices: [
    f('externalId', 'External ID', false, ['externalid', 'external id', 'invoice id', 'invoiceid']),
    f('invoiceNumber', 'Invoice number', true, ['invoicenumber', 'invoice number', 'invoiceno', 'invoice no', 'invoice #', 'number']),
    f('customerName', 'Customer', true, ['customername', 'customer', 'customer name', 'contactname', 'client', 'client name']),
    f('customerEmail', 'Customer email (creates a customer not yet in the list)', false, ['customeremail', 'customer email', 'emailaddress', 'email address', 'email']),
    f('issueDate', 'Issue date', true, ['issuedate', 'issue date', 'invoicedate', 'invoice date', 'date']),
    f('dueDate', 'Due date', true, ['duedate', 'due date']),
    ...lines('Invoice'),
    f('paymentTerms', 'Payment terms', false, ['paymentterms', 'payment terms', 'terms']),
  ],
  bills: [
    f('externalId', 'External ID', false, ['externalid', 'external id', 'bill id', 'billid']),
    f('billNumber', 'Bill number', true, ['billnumber', 'bill number', 'billno', 'bill no', 'bill no.', 'invoicenumber', 'invoice number', 'ref no', 'number']),
    f('vendorName', 'Vendor', true, ['vendorname', 'vendor', 'vendor name', 'supplier', 'supplier name', 'contactname']),
    f('vendorEmail', 'Vendor email (creates a vendor not yet in the list)', false, ['vendoremail', 'vendor email', 'emailaddress', 'email address', 'email']),
    f('billDate', 'Bill date', true, ['billdate', 'bill date', 'invoicedate', 'invoice date', 'date']),
    f('dueDate', 'Due date', true, ['duedate', 'due date']),
    ...lines('Bill'),
  ],
};

export function importFields(entity: ImportEntity): ImportField[] {
  return entityFields[entity].map(({ field, label, required }) => ({ field, label, required }));
}

/** "*InvoiceNumber", "Invoice No." and "invoice_number" all read "invoicenumber". */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9#/()]+/g, '');
}

/** The mapping a file's headers suggest: each field takes the first of its synonyms found; a column serves one field. */
export function guessMapping(entity: ImportEntity, columns: readonly string[]): ImportMapping {
  const byName = new Map<string, string>();
  for (const column of columns) {
    const key = normaliseHeader(column);
    if (key && !byName.has(key)) byName.set(key, column);
  }
  const used = new Set<string>();
  const mapping: ImportMapping = {};
  for (const spec of entityFields[entity]) {
    for (const synonym of [spec.field, ...spec.synonyms]) {
      const column = byName.get(normaliseHeader(synonym));
      if (column !== undefined && !used.has(column)) {
        mapping[spec.field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** The date format a template's files are written in unless the user says otherwise. */
export function templateDateFormat(template: ImportTemplate): ImportDateFormat {
  if (template === 'quickbooks_online') return 'MM/DD/YYYY';
  if (template === 'xero') return 'DD/MM/YYYY';
  return 'YYYY-MM-DD';
}

/**
 * The header row and one example row of each template (GET /api/imports/templates/...). QuickBooks
 * Online's and Xero's are their own import templates' columns (the ones we read, in their order);
 * columns we do not read (Xero's *AccountCode, *TaxType) are kept so the provider's file fits as is.
 */
export const templateFiles: Record<ImportTemplate, Record<ImportEntity, { header: string[]; example: string[] }>> = {
  generic: {
    customers: {
      header: ['externalId', 'name', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country', 'website', 'taxId', 'paymentTerms', 'creditLimit'],
      example: ['C-001', 'Acme Corporation', 'billing@acme.example', '555-0100', '1 Main St', 'Springfield', 'IL', '62701', 'US', 'https://acme.example', '12-3456789', 'Net 30', '5000.00'],
    },
    vendors: {
      header: ['externalId', 'name', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'country', 'taxId', 'paymentMethod', 'bankName', 'routingNumber', 'accountNumber'],
      example: ['V-001', 'Office Supply Co', 'ap@officesupply.example', '555-0101', '2 Market St', 'Springfield', 'IL', '62701', 'US', '98-7654321', 'check', '', '', ''],
    },
    invoices: {
      header: ['invoiceNumber', 'customerName', 'customerEmail', 'issueDate', 'dueDate', 'description', 'quantity', 'unitPrice', 'lineAmount', 'taxAmount', 'notes', 'paymentTerms'],
      example: ['INV-5001', 'Acme Corporation', 'billing@acme.example', '2026-11-01', '2026-12-01', 'Consulting hours', '10', '150.00', '1500.00', '0.00', '', 'Net 30'],
    },
    bills: {
      header: ['billNumber', 'vendorName', 'vendorEmail', 'billDate', 'dueDate', 'description', 'quantity', 'unitPrice', 'lineAmount', 'taxAmount', 'notes'],
      example: ['B-7001', 'Office Supply Co', 'ap@officesupply.example', '2026-11-01', '2026-12-01', 'Printer paper', '20', '12.50', '250.00', '0.00', ''],
    },
  },
  quickbooks_online: {
    customers: {
      header: ['Name', 'Company', 'Email', 'Phone', 'Mobile', 'Fax', 'Website', 'Street', 'City', 'State', 'ZIP', 'Country', 'Opening Balance', 'Date', 'Resale Number'],
      example: ['Acme Corporation', 'Acme Corporation', 'billing@acme.example', '555-0100', '', '', 'https://acme.example', '1 Main St', 'Springfield', 'IL', '62701', 'US', '', '', ''],
    },
    vendors: {
      header: ['Name', 'Company', 'Email', 'Phone', 'Mobile', 'Fax', 'Website', 'Street', 'City', 'State', 'ZIP', 'Country', 'Opening Balance', 'Date', 'Business ID No'],
      example: ['Office Supply Co', 'Office Supply Co', 'ap@officesupply.example', '555-0101', '', '', '', '2 Market St', 'Springfield', 'IL', '62701', 'US', '', '', '98-7654321'],
    },
    invoices: {
      header: ['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate', 'Terms', 'Location', 'Memo', 'Item(Product/Service)', 'ItemDescription', 'ItemQuantity', 'ItemRate', 'ItemAmount', 'Taxable', 'TaxRate', 'Service Date'],
      example: ['5001', 'Acme Corporation', '11/01/2026', '12/01/2026', 'Net 30', '', '', 'Consulting', 'Consulting hours', '10', '150.00', '1500.00', 'N', '', ''],
    },
    bills: {
      header: ['Bill No', 'Vendor', 'Bill Date', 'Due Date', 'Terms', 'Location', 'Memo', 'Account', 'Line Description', 'Line Amount', 'Line Tax Amount'],
      example: ['B-7001', 'Office Supply Co', '11/01/2026', '12/01/2026', 'Net 30', '', '', 'Office Supplies', 'Printer paper', '250.00', '0.00'],
    },
  },
  xero: {
    customers: {
      header: ['*ContactName', 'AccountNumber', 'EmailAddress', 'FirstName', 'LastName', 'POAddressLine1', 'POAddressLine2', 'POCity', 'PORegion', 'POPostalCode', 'POCountry', 'PhoneNumber', 'MobileNumber', 'Website', 'TaxNumber'],
      example: ['Acme Corporation', 'C-001', 'billing@acme.example', 'Ada', 'Lovelace', '1 Main St', '', 'Springfield', 'IL', '62701', 'US', '555-0100', '', 'https://acme.example', '12-3456789'],
    },
    vendors: {
      header: ['*ContactName', 'AccountNumber', 'EmailAddress', 'FirstName', 'LastName', 'POAddressLine1', 'POAddressLine2', 'POCity', 'PORegion', 'POPostalCode', 'POCountry', 'PhoneNumber', 'MobileNumber', 'Website', 'TaxNumber'],
      example: ['Office Supply Co', 'V-001', 'ap@officesupply.example', '', '', '2 Market St', '', 'Springfield', 'IL', '62701', 'US', '555-0101', '', '', '98-7654321'],
    },
    invoices: {
      header: ['*ContactName', 'EmailAddress', 'POAddressLine1', 'POCity', 'PORegion', 'POPostalCode', 'POCountry', '*InvoiceNumber', 'Reference', '*InvoiceDate', '*DueDate', 'InventoryItemCode', '*Description', '*Quantity', '*UnitAmount', 'Discount', '*AccountCode', '*TaxType', 'TaxAmount', 'Currency'],
      example: ['Acme Corporation', 'billing@acme.example', '1 Main St', 'Springfield', 'IL', '62701', 'US', 'INV-5001', '', '01/11/2026', '01/12/2026', '', 'Consulting hours', '10', '150.00', '', '200', 'Tax Exempt', '0.00', 'USD'],
    },
    bills: {
      header: ['*ContactName', 'EmailAddress', 'POAddressLine1', 'POCity', 'PORegion', 'POPostalCode', 'POCountry', '*InvoiceNumber', '*InvoiceDate', '*DueDate', 'InventoryItemCode', 'Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType', 'TaxAmount', 'Currency'],
      example: ['Office Supply Co', 'ap@officesupply.example', '2 Market St', 'Springfield', 'IL', '62701', 'US', 'B-7001', '01/11/2026', '01/12/2026', '', 'Printer paper', '20', '12.50', '429', 'Tax Exempt', '0.00', 'USD'],
    },
  },
};
