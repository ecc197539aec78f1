import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { checkXlsxZip, xlsxMessages } from './check-xlsx-zip';
import { xlsxFile, zerosZip } from './imports.fixtures';
import { readSheet } from './read-sheet';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('checkXlsxZip', () => {
  it('refuses a small zip that unpacks to 200 MB with 413 before exceljs sees it', async () => {
    const bomb = await zerosZip(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const error = refusal(() => checkXlsxZip(bomb));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe(xlsxMessages.tooLargeUnpacked);
    await expect(readSheet('bomb.xlsx', bomb)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: xlsxMessages.tooLargeUnpacked });
  });

  it('passes a real .xlsx and a zip under the cap', async () => {
    expect(() => checkXlsxZip(Buffer.alloc(0))).toThrow(AppError);
    const workbook = await xlsxFile([['name'], ['A']]);
    expect(() => checkXlsxZip(workbook)).not.toThrow();
    const small = await zerosZip(1024 * 1024);
    expect(() => checkXlsxZip(small)).not.toThrow();
    expect(refusal(() => checkXlsxZip(small, { maxEntries: 10, maxUnpackedBytes: 1024 * 1024 - 1 })).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a central directory that understates an entry, too many entries, and ZIP64 markers', async () => {
    const small = await zerosZip(1024 * 1024);
    const directory = small.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const lying = Buffer.from(small);
    lying.writeUInt32LE(1000, directory + 24);
    expect(refusal(() => checkXlsxZip(lying)).code).toBe('PAYLOAD_TOO_LARGE');
    const workbook = await xlsxFile([['name'], ['A']]);
    expect(refusal(() => checkXlsxZip(workbook, { maxEntries: 3, maxUnpackedBytes: 1024 * 1024 })).message).toBe(xlsxMessages.tooManyEntries);
    const zip64 = Buffer.from(small);
    zip64.writeUInt32LE(0xffffffff, directory + 24);
    expect(refusal(() => checkXlsxZip(zip64)).message).toBe(xlsxMessages.zip64);
  });
});
