import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument } from '..';
import { terminateDocumentWorker } from '../worker/document-worker-client';
import { terminateOcrWorker } from './ocr-worker';

afterAll(async () => {
  await Promise.all([terminateOcrWorker(), terminateDocumentWorker()]);
});

const rows = [
  'CORNER BAKERY SDN BHD',
  'NO 12 JALAN BESAR',
  'DATE 19/05/2018 10:15',
  'BREAD 2.50',
  'MILK 4.20',
  'TOTAL RM 6.70',
  'CASH 10.00',
  'CHANGE 3.30',
];

/** A small receipt photo taken turned by `turn` quarter turns clockwise, as PNG. */
function receiptTurned(turn: number): Buffer {
  const width = 700;
  const height = 900;
  const sideways = turn % 2 === 1;
  const canvas = createCanvas(sideways ? height : width, sideways ? width : height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((turn * Math.PI) / 2);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = '#000000';
  context.font = '32px sans-serif';
  rows.forEach((row, index) => context.fillText(row, 60, 100 + index * 90));
  return canvas.toBuffer('image/png');
}

describe('a photo taken sideways or upside down', () => {
  it.each([1, 2, 3])(
    'is read turned upright (taken turned %i quarter turns)',
    async (turn) => {
      const data = await extractDocument({ bytes: receiptTurned(turn), mimeType: 'image/png' });
      expect(data.amounts.total).toBe('6.70');
      expect(data.dates.issueDate).toBe('2018-05-19');
      expect(data.vendor.name).toMatch(/CORNER BAKERY/u);
    },
    60_000,
  );

  it('is read as it is when upright', async () => {
    const data = await extractDocument({ bytes: receiptTurned(0), mimeType: 'image/png' });
    expect(data.amounts.total).toBe('6.70');
  }, 60_000);
});
