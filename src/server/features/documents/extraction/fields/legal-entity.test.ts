import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument, shutdownExtraction } from '../index';
import { buildTextPdf, type PlacedText } from '../test-support/build-documents';
import { isRegistrationLine } from './legal-entity';

afterAll(async () => {
  await shutdownExtraction();
});

// Made-up invoice: the header shows a service department, the footer the legal company.
const body: PlacedText[] = [
  { text: 'INVOICE', x: 0.7, y: 0.06, size: 16 },
  { text: 'Bill to:', x: 0.08, y: 0.2 },
  { text: 'Contoso Trading Ltd', x: 0.08, y: 0.22 },
  { text: 'Your VAT number: GB987654321', x: 0.08, y: 0.24 },
  { text: 'Invoice No: T-4471', x: 0.6, y: 0.2 },
  { text: 'Invoice Date: 02/05/2024', x: 0.6, y: 0.22 },
  { text: 'Total EUR', x: 0.6, y: 0.4 },
  { text: '118.80', x: 0.8, y: 0.4 },
];

async function vendorOf(lines: PlacedText[]): Promise<string | null> {
  const data = await extractDocument({
    bytes: await buildTextPdf(lines),
    mimeType: 'application/pdf',
  });
  return data.vendor.name;
}

describe('the legal seller next to its registration', () => {
  it('tells the issuer ids from the buyer ids', () => {
    expect(isRegistrationLine('Kvk nummer: 04080176')).toBe(true);
    expect(isRegistrationLine('VAT ID: DE123456789')).toBe(true);
    expect(isRegistrationLine('Your VAT number: GB987654321')).toBe(false);
    expect(isRegistrationLine('Uw BTW nummer: NL001234567B01')).toBe(false);
  });

  it('prefers the footer legal name over a department name in the header', async () => {
    const header: PlacedText = { text: 'Quillon Support Centre', x: 0.08, y: 0.06, size: 14 };
    const footer: PlacedText[] = [
      { text: 'Quillon Telecom SARL, 5 quai Rambaud, 69002 Lyon', x: 0.08, y: 0.9, size: 7 },
      { text: 'RCS Lyon 812 345 678 - TVA FR12812345678', x: 0.08, y: 0.915, size: 7 },
    ];
    expect(await vendorOf([header, ...body, ...footer])).toBe('Quillon Telecom SARL');
    // Without the registration line the legal name is no better than the header.
    expect(await vendorOf([header, ...body, footer[0] as PlacedText])).toBe(
      'Quillon Support Centre',
    );
  });

  it('keeps a name with an inner capital whole', async () => {
    const footer: PlacedText[] = [
      { text: 'eVolta Energy Ltd, 4 Harbour Road, Leeds', x: 0.08, y: 0.9, size: 8 },
      { text: 'Company No 09876543, VAT GB 123 4567 89', x: 0.08, y: 0.915, size: 8 },
    ];
    expect(await vendorOf([...body, ...footer])).toBe('eVolta Energy Ltd');
  });

  it('names the legal issuer rather than the brand in its logo', async () => {
    const lines: PlacedText[] = [
      { text: 'BRIGHTLEAF', x: 0.08, y: 0.05, size: 24 },
      ...body,
      { text: 'Orders: shop@brightleaf.com - www.brightleaf.com', x: 0.08, y: 0.86, size: 8 },
      { text: 'Verdant Retail Holdings B.V. for Brightleaf', x: 0.08, y: 0.9, size: 8 },
      {
        text: 'Stationsweg 4, Utrecht - KvK 61234567 - BTW NL861234567B01',
        x: 0.08,
        y: 0.915,
        size: 8,
      },
    ];
    expect(await vendorOf(lines)).toBe('Verdant Retail Holdings B.V.');
  });
});
