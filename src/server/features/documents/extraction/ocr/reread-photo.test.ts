import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { extractedData } from '../../../../../shared/contracts/extracted-data';
import { buildDocumentText } from '../fields/document-text';
import { readFields } from '../fields/read-fields';
import { receiptLines } from '../test-support/receipt-lines';
import {
  cropImage,
  prepareImage,
  releasePhoto,
  terminateDocumentWorker,
} from '../worker/document-worker-client';
import { terminateOcrWorker } from './ocr-worker';
import { photoScaling } from './prepare-image';
import {
  chooseHeaderName,
  dateLines,
  doubtfulIssueDate,
  headerIsWeak,
  headerWordConfidence,
  completesName,
  isFragmentOf,
  nameCertainty,
  rereadWeakFields,
  spellHeaderName,
} from './reread-photo';

afterAll(async () => {
  await Promise.all([terminateOcrWorker(), terminateDocumentWorker()]);
});

const reading = (rows: string[], confidence?: (text: string) => number) => {
  const lines = receiptLines(rows).map((line) => ({
    ...line,
    words: line.words.map((word) => ({
      ...word,
      confidence: confidence ? confidence(word.text) : word.confidence,
    })),
  }));
  const document = buildDocumentText(lines, 'ocr');
  return { document, data: readFields(document) };
};

/** A white photo with black text drawn at the given points, and its size. */
function photoOf(width: number, height: number, font: string, texts: [string, number, number][]) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = font;
  for (const [text, x, y] of texts) context.fillText(text, x, y);
  const png = canvas.toBuffer('image/png');
  return { png, image: { png, width, height } };
}

/** One line the first reading mangled (as OCR of a photo can), as a single word box. */
function misreadLine(text: string, y: number, height: number) {
  const box = { page: 1, text, x: 0.06, y, width: 0.5, height };
  return { ...box, words: [box] };
}

/** A reading of a small receipt whose vendor is `name`, read with this confidence. */
function named(name: string, confidence: number) {
  const data = reading([name, 'NO 1 JALAN BESAR', 'TOTAL RM 12.00']).data;
  return {
    ...data,
    vendor: { ...data.vendor, name },
    fieldConfidence: { ...data.fieldConfidence, vendor: confidence },
  };
}

/** A 400 x 1000 white photo with a black band over its top tenth, as PNG. */
function blackBandPhoto(): Buffer {
  const canvas = createCanvas(400, 1000);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 400, 1000);
  context.fillStyle = '#000000';
  context.fillRect(0, 0, 400, 100);
  return canvas.toBuffer('image/png');
}

describe('when a photo is read again', () => {
  it('keeps the first vendor when the closer reading names a barely surer fragment of it', () => {
    const first = named('THE SUNRISE NOODLE HOUSE', 0.66);
    expect(isFragmentOf(named('Kea', 0.68), first)).toBe(true);
    expect(isFragmentOf(named('Kea', 0.9), first)).toBe(false);
    expect(isFragmentOf(named('SUNRISE NOODLE HOUSE CAFE', 0.68), first)).toBe(false);
    expect(isFragmentOf(named('SUNRISE NOODLE HOUSE', 0.68), named('Tiu', 0.73))).toBe(false);
  });

  it("takes the closer reading's vendor when it is one of the organization's and the first's is not", () => {
    const first = { ...reading(['NO 1 JALAN BESAR']), data: named('Mavy SUPPL Y SDN BHD', 0.97) };
    const again = named('KEDAI MAJU STATIONERY', 0.9);
    const known = ['KEDAI MAJU STATIONERY'];
    expect(chooseHeaderName(first, again, 0.6, 0.5, known).vendor.name).toBe(
      'KEDAI MAJU STATIONERY',
    );
    expect(chooseHeaderName(first, again, 0.6, 0.5, []).vendor.name).toBe('Mavy SUPPL Y SDN BHD');
    const both = ['KEDAI MAJU STATIONERY', 'Mavy SUPPL Y SDN BHD'];
    expect(chooseHeaderName(first, again, 0.6, 0.5, both).vendor.name).toBe('Mavy SUPPL Y SDN BHD');
  });

  it("keeps a vendor's name as the organization stores it, not re-spelled from the other reading", () => {
    const chosen = receiptLines(['BAKERS CORNER']);
    const other = receiptLines(['BAKERY CORNER']);
    expect(spellHeaderName('BAKERS CORNER', chosen, other, [])).toBe('BAKERY CORNER');
    expect(spellHeaderName('BAKERS CORNER', chosen, other, ['BAKERS CORNER'])).toBe(
      'BAKERS CORNER',
    );
  });

  it('takes the closer reading of the name when it adds a word the first reading lost', () => {
    const first = named('PERNIAGAAN MAJU JAYA', 0.68);
    expect(completesName(named('SYARIKAT PERNIAGAAN MAJU JAYA', 0.68), first)).toBe(true);
    expect(completesName(named('PERNIAGAAN MAJU JAYA TRADING', 0.62), first)).toBe(true);
    expect(completesName(named('SYARIKAT PERNIAGAAN MAJU JAYA', 0.4), first)).toBe(false);
    expect(completesName(named('Ab PERNIAGAAN MAJU JAYA', 0.68), first)).toBe(false);
    expect(completesName(named('PERNIAGAAN MAJU BARU', 0.68), first)).toBe(false);
  });

  it('finds the header weak with doubtful words or no vendor, and sure with a clear legal name', () => {
    const clear = reading(['KEDAI MAJU SDN BHD', 'NO 1 JALAN BESAR', 'TOTAL RM 12.00']);
    expect(headerIsWeak(clear)).toBe(false);
    const doubtful = reading(
      ['KEDAI MAJU SDN BHD', 'NO 1 JALAN BESAR', 'TOTAL RM 12.00'],
      () => 0.5,
    );
    expect(headerWordConfidence(doubtful.document.lines)).toBeCloseTo(0.5);
    expect(headerIsWeak(doubtful)).toBe(true);
    expect(headerIsWeak(reading(['12.00', 'TOTAL RM 12.00']))).toBe(true);
  });

  it('picks the lines that may hold a date, misread labels and times included', () => {
    const lines = receiptLines([
      'SHOP NAME',
      'bate : 06-05-. 18',
      'CASHIER 2 12:43',
      'ITEM 1.00',
      'Tarikh 1/2/2020',
      'Date 1/2/2020',
    ]);
    expect(dateLines(lines).map((line) => line.text)).toEqual([
      'bate : 06-05-. 18',
      'CASHIER 2 12:43',
      'Tarikh 1/2/2020',
    ]);
  });

  it('measures how surely a name was read from the words that spell it', () => {
    const lines = receiptLines(['GOOD SHOP', 'GOOD']).map((line, index) => ({
      ...line,
      words: line.words.map((word) => ({ ...word, confidence: index === 0 ? 0.6 : 0.2 })),
    }));
    // Only lines above the cut count: the second line is below it.
    expect(nameCertainty(lines, 'Good Shop', 0.07)).toBeCloseTo(0.6);
    expect(nameCertainty(lines, 'Other', 0.07)).toBe(0);
    expect(nameCertainty(lines, null, 0.07)).toBe(0);
  });

  it('crops a region of the original photo, drawn closer, with its place on the photo', async () => {
    const region = await cropImage(blackBandPhoto(), {
      ...photoScaling,
      region: { x: 0, y: 0.05, width: 1, height: 0.1 },
      factor: 2,
      maxWidth: 1000,
    });
    // The whole-page reading draws this photo at 2.2x (long side 2200): the crop at 4.4x is wider
    // than 1000 px, so it is drawn at 2.5x.
    expect(region.width).toBe(1000);
    expect(region.height).toBe(250);
    expect(region.y).toBeCloseTo(0.05);
    expect(region.regionHeight).toBeCloseTo(0.1);
    expect(region.png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('draws the regions of a photo from the decoded photo it kept, until released', async () => {
    const bytes = blackBandPhoto();
    const header = { region: { x: 0, y: 0, width: 1, height: 0.2 }, factor: 2, maxWidth: 1200 };
    const page = await prepareImage(bytes, photoScaling, true);
    const fromBytes = await cropImage(bytes, { ...photoScaling, ...header });
    // No bytes to decode: the region comes from the kept photo, pixel for pixel the same.
    const kept = await cropImage(Buffer.alloc(0), {
      ...photoScaling,
      ...header,
      photo: page.photo,
    });
    expect(kept.png.equals(fromBytes.png)).toBe(true);
    await releasePhoto(page.photo);
    const released = cropImage(Buffer.alloc(0), { ...photoScaling, ...header, photo: page.photo });
    await expect(released).rejects.toMatchObject({ reason: 'corrupt' });
  });

  it('takes a date only from a closer reading of the line that may hold it', async () => {
    const { png, image } = photoOf(600, 400, '22px sans-serif', [
      ['Date: 14/03/2024 10:15', 40, 120],
    ]);
    const document = buildDocumentText(
      [misreadLine('Dat : 1A/0. 2O2 10:15', 100 / 400, 28 / 400)],
      'ocr',
    );
    const first = { document, data: readFields(document) };
    expect(first.data.dates.issueDate).toBeNull();
    const result = await rereadWeakFields(png, image, photoScaling, first, [], []);
    expect(result.rereads).toContain('date');
    expect(result.data.dates.issueDate).toBe('2024-03-14');
    // What the reader stores must still be valid extracted data.
    expect(extractedData.safeParse(result.data).success).toBe(true);
  }, 60_000);

  it('reads a date line again closer when its digits were read doubtfully, and keeps a sure one', async () => {
    const { png, image } = photoOf(600, 400, '22px sans-serif', [
      ['Date: 14/08/2024 10:15', 40, 120],
    ]);
    const readAs = (confidence: number) => {
      const line = misreadLine('Date: 14/03/2024 10:15', 100 / 400, 28 / 400);
      const words = line.words.map((word) => ({ ...word, confidence }));
      const document = buildDocumentText([{ ...line, words }], 'ocr');
      return { document, data: readFields(document) };
    };
    const doubtful = readAs(0.1);
    expect(doubtful.data.dates.issueDate).toBe('2024-03-14');
    expect(doubtfulIssueDate(doubtful)?.certainty).toBeCloseTo(0.1);
    const corrected = await rereadWeakFields(png, image, photoScaling, doubtful, [], []);
    expect(corrected.rereads).toContain('date');
    expect(corrected.data.dates.issueDate).toBe('2024-08-14');
    // Read surely, the date is not read again.
    const sure = readAs(0.9);
    expect(doubtfulIssueDate(sure)).toBeNull();
    const kept = await rereadWeakFields(png, image, photoScaling, sure, [], []);
    expect(kept.rereads).not.toContain('date');
    expect(kept.data.dates.issueDate).toBe('2024-03-14');
  }, 60_000);

  it('reads the page again for a missing date only when its header was not read again', async () => {
    const { png: photo, image } = photoOf(400, 600, '20px sans-serif', [
      ['KEDAI MAJU SDN BHD', 40, 60],
      ['TOTAL RM 12.00', 40, 400],
    ]);
    // No date read: a sure header leaves the page's second reading to find one.
    const sure = reading(['KEDAI MAJU SDN BHD', 'NO 1 JALAN BESAR', 'TOTAL RM 12.00']);
    expect(sure.data.dates.issueDate).toBeNull();
    const afterSure = await rereadWeakFields(photo, image, photoScaling, sure, [], []);
    expect(afterSure.rereads).toEqual(['page']);
    // A doubtful header is read again closer; the date lines were tried: the page is not read.
    const doubtful = reading(
      ['KEDAI MAJU SDN BHD', 'NO 1 JALAN BESAR', 'TOTAL RM 12.00'],
      () => 0.5,
    );
    const afterDoubtful = await rereadWeakFields(photo, image, photoScaling, doubtful, [], []);
    expect(afterDoubtful.rereads).toEqual(['header']);
    // A total only guessed (no total line read) is still worth the page's second reading.
    const guessed = reading(['KEDAI MAJU SDN BHD', 'NO 1 JALAN BESAR', '12.00'], () => 0.5);
    expect(guessed.data.fieldConfidence.total).toBeLessThanOrEqual(0.35);
    const afterGuessed = await rereadWeakFields(photo, image, photoScaling, guessed, [], []);
    expect(afterGuessed.rereads).toEqual(['header', 'page']);
  }, 60_000);

  it("reads a closer date line in the order the first reading used (a vendor's learnt one)", async () => {
    const { png: photo, image } = photoOf(600, 400, '22px sans-serif', [
      ['Date: 04/06/2024 10:15', 40, 120],
    ]);
    const document = buildDocumentText([misreadLine('Dat : 0A/0. 2O2 10:15', 0.25, 0.07)], 'ocr');
    expect(document.dateOrder).toBe('DMY');
    const data = readFields(document);
    const layout = data.layout ?? {
      total: null,
      invoiceNumber: null,
      totalCandidates: [],
      invoiceNumberCandidates: [],
    };
    const first = { document, data: { ...data, layout: { ...layout, dateOrder: 'MDY' as const } } };
    const result = await rereadWeakFields(photo, image, photoScaling, first, [], []);
    expect(result.data.dates.issueDate).toBe('2024-04-06');
  }, 60_000);
});
