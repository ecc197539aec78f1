import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../platform/errors';

/**
 * An .xlsx is a zip. exceljs unpacks every entry into memory, so a zip bomb (a small upload that is
 * gigabytes unpacked) must be refused before it gets the bytes. This reads the zip's own directory:
 * the end-of-central-directory record, then each central file header's method and sizes, and refuses
 * ZIP64 (no spreadsheet of at most 10 MB needs it), more than MAX_XLSX_ENTRIES entries, or more than
 * MAX_XLSX_UNPACKED_BYTES unpacked in all. The declared sizes could lie, so each entry is then inflated
 * with zlib's output capped at its declared size (at most the total cap): a larger stream is refused too.
 */
export const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 1000;

export const xlsxMessages = {
  unreadable: 'The Excel file could not be read',
  tooLargeUnpacked: 'The Excel file is too large when unpacked (over 100 MB): save it as a smaller file or as CSV.',
  tooManyEntries: 'The Excel file has too many parts: save it again from Excel or as CSV.',
  zip64: 'The Excel file is too large (ZIP64): save it as a smaller file or as CSV.',
} as const;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const unreadable = () => new AppError('VALIDATION', xlsxMessages.unreadable, { file: xlsxMessages.unreadable });
const refused = (message: string) => new AppError('VALIDATION', message, { file: message });
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', xlsxMessages.tooLargeUnpacked, { file: xlsxMessages.tooLargeUnpacked });

interface Entry {
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // 22 bytes of record, then a comment of at most 65,535 bytes.
  const last = bytes.length - 22;
  for (let offset = last; offset >= 0 && offset >= last - 0xffff; offset -= 1) {
    if (bytes.readUInt32LE(offset) === EOCD) return offset;
  }
  throw unreadable();
}

export function readZipEntries(bytes: Buffer, limits = { maxEntries: MAX_XLSX_ENTRIES, maxUnpackedBytes: MAX_XLSX_UNPACKED_BYTES }): Entry[] {
  if (bytes.length < 22) throw unreadable();
  const eocd = findEndOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw refused(xlsxMessages.zip64);
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) throw refused(xlsxMessages.zip64);
  if (count > limits.maxEntries) throw refused(xlsxMessages.tooManyEntries);
  if (directoryOffset + directorySize > eocd) throw unreadable();
  const entries: Entry[] = [];
  let total = 0;
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > eocd || bytes.readUInt32LE(offset) !== CENTRAL) throw unreadable();
    const entry = {
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff || entry.localOffset === 0xffffffff) {
      throw refused(xlsxMessages.zip64);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxUnpackedBytes) throw tooLarge();
    entries.push(entry);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/** Throws a 413 or 400 AppError unless the zip unpacks to at most the cap; returns nothing. */
export function checkXlsxZip(bytes: Buffer, limits = { maxEntries: MAX_XLSX_ENTRIES, maxUnpackedBytes: MAX_XLSX_UNPACKED_BYTES }): void {
  for (const entry of readZipEntries(bytes, limits)) {
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL) throw unreadable();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const end = start + entry.compressedSize;
    if (end > bytes.length) throw unreadable();
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) throw unreadable();
    } else if (entry.method === 8) {
      try {
        // One byte more than declared tells a stream that unpacks to more than its header says.
        const unpacked = inflateRawSync(bytes.subarray(start, end), { maxOutputLength: entry.uncompressedSize + 1 });
        if (unpacked.length > entry.uncompressedSize) throw tooLarge();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw unreadable();
      }
    } else {
      throw unreadable();
    }
  }
}
