import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument, shutdownExtraction } from '../index';
import { buildTextPdf, type PlacedText } from '../test-support/build-documents';
import type { TextLine } from '../text-line';
import { findMarketplace, letterheadName } from './trading-name';

afterAll(async () => {
  await shutdownExtraction();
});

// Made-up invoice body: customer, number, date and total.
const body: PlacedText[] = [
  { text: 'Bill to:', x: 0.08, y: 0.25 },
  { text: 'Contoso Trading Ltd', x: 0.08, y: 0.27 },
  { text: 'Invoice No: N-2207', x: 0.6, y: 0.25 },
  { text: 'Invoice Date: 14/03/2024', x: 0.6, y: 0.27 },
  { text: 'Total EUR', x: 0.6, y: 0.45 },
  { text: '59.90', x: 0.8, y: 0.45 },
];

const legalFooter: PlacedText[] = [
  { text: 'Nimbora SAS au capital de 10 000 euros', x: 0.08, y: 0.9, size: 7 },
  { text: 'RCS Paris 812 345 678 - TVA FR12812345678', x: 0.08, y: 0.915, size: 7 },
];

async function vendorOf(lines: PlacedText[]): Promise<string | null> {
  const data = await extractDocument({
    bytes: await buildTextPdf(lines),
    mimeType: 'application/pdf',
  });
  return data.vendor.name;
}

function line(text: string, y: number): TextLine {
  return { text, page: 1, x: 0.1, y, width: 0.5, height: 0.015, words: [] };
}

describe('the name the issuer trades under', () => {
  it('names the issuer as its letterhead does when the footer adds the company form', async () => {
    const header: PlacedText = { text: 'Nimbora Service Clients', x: 0.08, y: 0.06, size: 14 };
    expect(await vendorOf([header, ...body, ...legalFooter])).toBe('Nimbora');
  });

  it('keeps the company form when the letterhead prints it too', async () => {
    const header: PlacedText = { text: 'Nimbora SAS', x: 0.08, y: 0.06, size: 14 };
    expect(await vendorOf([header, ...body, ...legalFooter])).toBe('Nimbora SAS');
    expect(
      letterheadName(
        [line('ASTRO PAINT TRADING', 0.05), line('SDN BHD', 0.07)],
        'ASTRO PAINT TRADING SDN BHD',
      ),
    ).toBeNull();
  });

  it('leaves a legal name alone when no letterhead line starts with it', () => {
    const lines = [line('Quillon Support Centre', 0.05), line('Quillon Telecom SARL', 0.9)];
    expect(letterheadName(lines, 'Quillon Telecom SARL')).toBeNull();
    expect(letterheadName(lines, 'Quillon Telecom')).toBeNull();
  });
});

describe('a marketplace order', () => {
  const marketplaceInvoice: PlacedText[] = [
    { text: 'Sold By: Harbor Goods Pvt. Ltd.', x: 0.08, y: 0.06 },
    ...body,
    { text: 'Ordered Through :', x: 0.08, y: 0.8 },
    { text: 'Shopsphere.com Customer Care: 1800 200 300', x: 0.08, y: 0.815 },
    { text: 'Regd. office: Harbor Goods Private Limited, CIN U72900KA2009', x: 0.08, y: 0.9 },
  ];

  it('files the bill under the marketplace rather than the seller of the day', async () => {
    expect(await vendorOf(marketplaceInvoice)).toBe('Shopsphere');
  });

  it('reads the marketplace from the label line or the line under it', () => {
    expect(findMarketplace([line('Ordered via: www.tradeport.co.uk', 0.5)])).toBe('Tradeport');
    expect(findMarketplace([line('Marketplace: Bazaar Hub EU', 0.5)])).toBe('Bazaar Hub EU');
    expect(findMarketplace([line('Ordered through', 0.5), line('kettleshop.in', 0.51)])).toBe(
      'Kettleshop',
    );
    expect(findMarketplace([line('Ordered through', 0.5), line('kettleshop.in', 0.7)])).toBeNull();
    expect(findMarketplace([line('Sold By: Harbor Goods Pvt. Ltd.', 0.05)])).toBeNull();
    expect(findMarketplace([line('Ordered on amazon.de', 0.5)])).toBe('Amazon');
  });

  it('does not take a date or a sentence after the label for a marketplace', () => {
    expect(findMarketplace([line('Ordered on: Monday 12 March 2024', 0.5)])).toBeNull();
    expect(findMarketplace([line('Ordered on', 0.5), line('March 12, 2024', 0.51)])).toBeNull();
    expect(findMarketplace([line('Marketplace Facilitator Tax collected', 0.5)])).toBeNull();
  });
});
