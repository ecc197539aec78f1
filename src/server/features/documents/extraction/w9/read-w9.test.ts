import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shutdownExtraction } from '..';
import { readW9 } from './read-w9';
import { splitCityLine } from './w9-reading';

const setDirectory = path.join(import.meta.dirname, '../../test-data/w9');
interface Label {
  file: string;
  kind: string;
  legalName: string;
  businessName: string | null;
  taxClassification: string;
  llcTaxClassification: string | null;
  exemptPayeeCode: string | null;
  fatcaExemptionCode: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  tinType: string;
  tin: string;
}
const labels = JSON.parse(readFileSync(path.join(setDirectory, 'labels.json'), 'utf8')) as Label[];
const bytesOf = (label: Label) => readFileSync(path.join(setDirectory, label.file));

afterAll(() => shutdownExtraction());

describe('reading a W-9', () => {
  const fillable = labels.filter((label) => label.kind === 'fillable');

  it('has a set of at least 30, ten of each kind or more', () => {
    expect(labels.length).toBeGreaterThanOrEqual(30);
    for (const kind of ['fillable', 'scanned', 'photographed']) expect(labels.filter((label) => label.kind === kind).length).toBeGreaterThanOrEqual(10);
  });

  it.each(fillable.map((label) => [label.file, label] as const))('reads %s exactly from its form fields', async (_file, label) => {
    const read = await readW9({ bytes: bytesOf(label), mimeType: 'application/pdf' });
    expect(read).toEqual({
      method: 'acroform',
      legalName: label.legalName,
      businessName: label.businessName,
      taxClassification: label.taxClassification,
      llcTaxClassification: label.llcTaxClassification,
      exemptPayeeCode: label.exemptPayeeCode,
      fatcaExemptionCode: label.fatcaExemptionCode,
      address: label.address,
      city: label.city,
      state: label.state,
      zipCode: label.zipCode,
      tinType: label.tinType,
      tin: label.tin,
      signedOn: null,
    });
  });

  // One OCR reading only (about half a minute on the build machine): the eval measures the rest.
  it('reads a printed and scanned W-9 against the form layout', { timeout: 180_000 }, async () => {
    const label = labels.find((candidate) => candidate.file === 'w9-scanned-01.jpg') as Label;
    const read = await readW9({ bytes: bytesOf(label), mimeType: 'image/jpeg' });
    expect(read).toMatchObject({
      method: 'ocr',
      legalName: label.legalName,
      businessName: label.businessName,
      taxClassification: label.taxClassification,
      address: label.address,
      city: label.city,
      state: label.state,
      zipCode: label.zipCode,
      tinType: label.tinType,
    });
  });
});

describe('line 6', () => {
  it('splits city, state and ZIP, and keeps a line it cannot split as the city', () => {
    expect(splitCityLine('Tucson, AZ 85701')).toEqual({ city: 'Tucson', state: 'AZ', zipCode: '85701' });
    expect(splitCityLine('St. Paul MN 55101-1234')).toEqual({ city: 'St. Paul', state: 'MN', zipCode: '55101-1234' });
    expect(splitCityLine('somewhere')).toEqual({ city: 'somewhere', state: null, zipCode: null });
    expect(splitCityLine('  ')).toEqual({ city: null, state: null, zipCode: null });
  });
});
