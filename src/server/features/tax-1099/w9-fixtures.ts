import type { TestApp } from '../../test/create-test-app';
import type { SignedIn } from '../../test/factories';
import { readMails } from '../../test/outbox';
import { vendorPayload } from '../bills/payables-fixtures';

/** Adds a vendor through the API and returns its id. */
export async function addVendor(who: SignedIn, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await who.request({ method: 'POST', url: '/api/vendors', payload: vendorPayload(overrides) });
  if (response.statusCode !== 201) throw new Error(`vendor not created: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** The token of the newest W-9 link mailed to `email`. */
export function mailedW9Token(t: Pick<TestApp, 'dataDir'>, email: string): string {
  const mails = readMails(t).filter((text) => text.includes(`To: ${email}`) && text.includes('/vendor-form#token='));
  const last = mails.at(-1) ?? '';
  const match = /\/vendor-form#token=([A-Za-z0-9_-]+)/.exec(last);
  if (!match?.[1]) throw new Error(`No W-9 link mailed to ${email}`);
  return match[1];
}

/** A complete, valid public form submission (an LLC taxed as an S corporation, paid by ACH). */
export function w9Submission(overrides: Record<string, unknown> = {}, w9: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    w9: {
      legalName: 'Harbor Design LLC',
      businessName: 'Harbor Studio',
      taxClassification: 'llc',
      llcTaxClassification: 'S',
      exemptPayeeCode: '',
      fatcaExemptionCode: '',
      address: '12 Wharf Street',
      city: 'Portland',
      state: 'ME',
      zipCode: '04101',
      tinType: 'ein',
      tin: '47-1234567',
      ...w9,
    },
    signatureName: 'Dana Harbor',
    certify: true,
    email: 'dana@harbor.example',
    consentToElectronic1099: true,
    ...overrides,
  };
}
