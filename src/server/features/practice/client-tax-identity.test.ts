import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, organizations } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { newClientInput, signUpFirm } from './practice.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-11-21T15:00:00Z') });
});
afterAll(async () => t.close());

describe('Add New Client wizard: tax identity', () => {
  it("stores the identity on the firm's customer and on the client's own organization", async () => {
    const firm = await signUpFirm(t);
    const input = newClientInput({
      businessName: 'Stadtwerke Muster',
      country: 'de',
      legalName: 'Stadtwerke Muster GmbH',
      vatId: 'DE 136 695 976',
      companyId: 'HRB 98765',
      electronicAddressScheme: '0204',
      electronicAddress: '04011000-1234512345-06',
      buyerReference: '04011000-1234512345-06',
      einvoiceFormat: 'xrechnung_ubl',
    });
    const response = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: input });
    expect(response.statusCode, response.body).toBe(201);
    const client = response.json<{ id: string; organizationId: string }>();
    const [customer] = await t.deps.db.select().from(customers).where(eq(customers.id, client.id));
    expect(customer).toMatchObject({
      country: 'DE',
      legalName: 'Stadtwerke Muster GmbH',
      vatId: 'DE136695976',
      companyId: 'HRB 98765',
      electronicAddressScheme: '0204',
      electronicAddress: '04011000-1234512345-06',
      buyerReference: '04011000-1234512345-06',
      einvoiceFormat: 'xrechnung_ubl',
    });
    const [workspace] = await t.deps.db.select().from(organizations).where(eq(organizations.id, client.organizationId));
    expect(workspace).toMatchObject({ country: 'DE', legalName: 'Stadtwerke Muster GmbH', vatId: 'DE136695976', companyId: 'HRB 98765' });
    // The firm reads them back through the customer API.
    const read = await firm.request({ method: 'GET', url: `/api/customers/${client.id}` });
    expect(read.json()).toMatchObject({ vatId: 'DE136695976', einvoiceFormat: 'xrechnung_ubl' });
  });

  it("defaults to PDF and the firm's country when the step is left blank", async () => {
    const firm = await signUpFirm(t);
    const response = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput({ country: '', vatId: '' }) });
    expect(response.statusCode, response.body).toBe(201);
    const [customer] = await t.deps.db.select().from(customers).where(eq(customers.id, response.json().id));
    expect(customer).toMatchObject({ country: 'US', vatId: null, einvoiceFormat: 'pdf' });
  });

  it('refuses a bad VAT id, a UBL client without an address and XRechnung without a Leitweg-ID, creating nothing', async () => {
    const firm = await signUpFirm(t);
    const bad = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput({ vatId: 'NL004495446B01' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.vatId).toBe('VAT ID NL004495446B01 fails its check digit');
    const ubl = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput({ einvoiceFormat: 'ubl' }) });
    expect(ubl.json().fields.electronicAddress).toBe('UBL (Peppol) needs the customer’s electronic address');
    const xr = await firm.request({ method: 'POST', url: '/api/practice/clients', payload: newClientInput({ country: 'DE', einvoiceFormat: 'xrechnung_cii' }) });
    expect(xr.json().fields.buyerReference).toBe('XRechnung needs the buyer reference (Leitweg-ID)');
    const rows = await t.deps.db.select().from(customers).where(eq(customers.organizationId, firm.user.organizationId));
    expect(rows).toHaveLength(0);
  });
});
