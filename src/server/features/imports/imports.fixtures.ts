import { Readable } from 'node:stream';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { SignedIn } from '../../test/factories';
import { multipartBody } from '../documents/multipart-body';

/** A CSV file made in the test: RFC 4180 quoting where a cell needs it, CRLF line ends. */
export function csvFile(rows: readonly (readonly (string | number)[])[]): Buffer {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n');
}

/** A zip of one entry of `size` zero bytes, streamed (never held in memory whole). */
export async function zerosZip(size: number, name = 'xl/worksheets/sheet1.xml'): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = size;
  const zeros = new Readable({
    read() {
      const length = Math.min(left, chunk.length);
      left -= length;
      this.push(length > 0 ? chunk.subarray(0, length) : null);
    },
  });
  const zip = new JSZip();
  zip.file(name, zeros, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

/** An .xlsx workbook made in the test, one sheet; Date cells stay dates, numbers stay numbers. */
export async function xlsxFile(rows: readonly (readonly (string | number | Date | ExcelJS.CellValue)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface UploadOptions {
  entity: string;
  bytes: Buffer;
  fileName?: string;
  template?: string;
  dateFormat?: string;
  mapping?: Record<string, string>;
}

/** POST /api/imports as `as`. */
export function uploadImport(as: SignedIn, options: UploadOptions): Promise<LightMyRequestResponse> {
  const fields = [
    { name: 'entity', value: options.entity },
    ...(options.template ? [{ name: 'template', value: options.template }] : []),
    ...(options.dateFormat ? [{ name: 'dateFormat', value: options.dateFormat }] : []),
    ...(options.mapping ? [{ name: 'mapping', value: JSON.stringify(options.mapping) }] : []),
  ];
  const fileName = options.fileName ?? 'import.csv';
  const contentType = fileName.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const body = multipartBody([...fields, { name: 'file', fileName, contentType, bytes: options.bytes }]);
  return as.request({ method: 'POST', url: '/api/imports', payload: body.payload, headers: body.headers });
}

export function commitImportRequest(as: SignedIn, id: string): Promise<LightMyRequestResponse> {
  return as.request({ method: 'POST', url: `/api/imports/${id}/commit` });
}
