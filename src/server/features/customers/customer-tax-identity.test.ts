import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp, uniqueName } from '../../test/factories';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => t.close());

const payload = (overrides: Record<string, unknown> = {}) => {
  const name = uniqueName('buyer');
  return { name: `Buyer ${name}`, email: `${name}@buyer.example`, country: 'BE', ...overrides };
};
const create = (overrides: Record<string, unknown> = {}) => owner.request({ method: 'POST', url: '/api/customers', payload: payload(overrides) });

describe('customer tax identity', () => {
  it('creates a customer with its tax identity and UBL preference, normalized, and returns it', async () => {
    const response = await create({
      legalName: 'Delhaize Le Lion SA',
      vatId: 'BE 0403.170.701',
      companyId: '0403170701',
      electronicAddressScheme: '0208',
      electronicAddress: '0403.170.701',
      einvoiceFormat: 'ubl',
    });
    expect(response.statusCode, response.body).toBe(201);
    const expected = {
      legalName: 'Delhaize Le Lion SA',
      vatId: 'BE0403170701',
      companyId: '0403170701',
      electronicAddressScheme: '0208',
      electronicAddress: '0403170701',
      buyerReference: null,
      einvoiceFormat: 'ubl',
    };
    const body = response.json();
    expect(body).toMatchObject(expected);
    const [row] = await t.deps.db.select().from(customers).where(eq(customers.id, body.id));
    expect(row).toMatchObject(expected);
    const read = await owner.request({ method: 'GET', url: `/api/customers/${body.id}` });
    expect(read.json()).toMatchObject(expected);
    const list = await owner.request({ method: 'GET', url: '/api/customers' });
    expect(list.json().customers ?? list.json().data ?? list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: body.id, ...expected })]));
  });

  it('defaults to PDF and keeps the identity on a partial update', async () => {
    const created = await create({ vatId: 'FR40303265045', country: 'FR' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ einvoiceFormat: 'pdf', vatId: 'FR40303265045' });
    const updated = await owner.request({ method: 'PUT', url: `/api/customers/${created.json().id}`, payload: { phone: '+33 1 23 45 67 89' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ einvoiceFormat: 'pdf', vatId: 'FR40303265045' });
  });

  it('refuses a bad VAT id with the validator’s message under the field', async () => {
    const response = await create({ vatId: 'DE123456789' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ vatId: 'VAT ID DE123456789 fails its check digit' });
  });

  it('needs an electronic address for UBL (Peppol)', async () => {
    const response = await create({ einvoiceFormat: 'ubl' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.electronicAddress).toBe('UBL (Peppol) needs the customer’s electronic address');
  });

  it('needs a valid Leitweg-ID as buyer reference for XRechnung, and stores it', async () => {
    const missing = await create({ country: 'DE', einvoiceFormat: 'xrechnung_ubl' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.buyerReference).toBe('XRechnung needs the buyer reference (Leitweg-ID)');
    const wrong = await create({ country: 'DE', einvoiceFormat: 'xrechnung_cii', buyerReference: '04011000-1234512345-07' });
    expect(wrong.json().fields.buyerReference).toBe('Leitweg-ID 04011000-1234512345-07 fails its check digits');
    const ok = await create({ country: 'de', einvoiceFormat: 'xrechnung_cii', buyerReference: '04011000-1234512345-06' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ country: 'DE', buyerReference: '04011000-1234512345-06', einvoiceFormat: 'xrechnung_cii' });
  });

  it('lets a PDF customer keep any buyer reference, but an e-invoice customer needs a two-letter country', async () => {
    expect((await create({ buyerReference: 'PO 4711' })).statusCode).toBe(201);
    const response = await create({ country: 'Belgium', einvoiceFormat: 'factur_x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.country).toBe('E-invoices need the country as a two-letter code, e.g. DE or FR');
  });

  it('checks the merged record on update: switching to UBL without an address is refused', async () => {
    const created = await create();
    const response = await owner.request({ method: 'PUT', url: `/api/customers/${created.json().id}`, payload: { einvoiceFormat: 'ubl' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.electronicAddress).toContain('UBL (Peppol) needs');
  });

  it('refuses an unknown format and never answers 500 to wrong types', async () => {
    expect((await create({ einvoiceFormat: 'edifact' })).json().fields.einvoiceFormat).toBe('Choose PDF, Factur-X, UBL or XRechnung');
    expect((await create({ vatId: 7, electronicAddressScheme: {} })).statusCode).toBe(400);
  });
});
