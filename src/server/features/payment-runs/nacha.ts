/**
 * NACHA (ACH) file writer for credit-only vendor payments: one file header, one batch per SEC
 * code, entry details, batch and file controls, every record 94 characters, padded with
 * all-9 records to whole blocks of 10. Service class 220 (credits only): the originating bank
 * debits the company's account for the batch total, so the file carries no offset entry.
 */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;

export type SecCode = 'CCD' | 'PPD';

export interface NachaOrigin {
  /** The organization's bank (ODFI): its routing number and name. */
  routingNumber: string;
  bankName: string;
  companyName: string;
  /** 10 characters: "1" + EIN, or as the bank assigned. */
  companyId: string;
}

export interface NachaEntry {
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  amountCents: number;
  /** What the receiver reconciles by (the bill number). */
  identification: string;
  name: string;
  secCode: SecCode;
}

export interface NachaFileInput {
  origin: NachaOrigin;
  entries: NachaEntry[];
  /** The day the payments settle, YYYY-MM-DD. */
  effectiveDate: string;
  createdAt: Date;
  /** A-Z or 0-9, different for files made the same day. */
  fileIdModifier?: string;
  description?: string;
}

/** Upper-case, the characters ACH operators accept, left-justified and space-filled. */
export function alpha(value: string, length: number): string {
  const clean = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,&'/()-]/g, ' ');
  return clean.slice(0, length).padEnd(length, ' ');
}

/** Right-justified, zero-filled; a value too long for its field is a bug, never truncated. */
export function numeric(value: number | string, length: number): string {
  const text = typeof value === 'number' ? String(Math.trunc(value)) : value;
  if (!/^\d+$/.test(text) || text.length > length)
    throw new Error(`Value does not fit a ${length}-digit NACHA field`);
  return text.padStart(length, '0');
}

function yymmdd(isoDate: string): string {
  return isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

function record(parts: string[]): string {
  const line = parts.join('');
  if (line.length !== RECORD_LENGTH) throw new Error(`NACHA record of ${line.length} characters`);
  return line;
}

/** Sum of the 8-digit receiving DFI ids, keeping the last 10 digits. */
export function entryHash(routingNumbers: string[]): string {
  const sum = routingNumbers.reduce((total, routing) => total + BigInt(routing.slice(0, 8)), 0n);
  return sum.toString().slice(-10).padStart(10, '0');
}

export function buildNachaFile(input: NachaFileInput): string {
  const { origin } = input;
  const odfi = origin.routingNumber.slice(0, 8);
  const created = input.createdAt.toISOString();
  const companyId = alpha(origin.companyId, 10);
  const lines: string[] = [];

  lines.push(
    record([
      '1',
      '01',
      ` ${numeric(origin.routingNumber, 9)}`,
      companyId,
      yymmdd(created.slice(0, 10)),
      created.slice(11, 13) + created.slice(14, 16),
      alpha(input.fileIdModifier ?? 'A', 1),
      '094',
      '10',
      '1',
      alpha(origin.bankName, 23),
      alpha(origin.companyName, 23),
      alpha('', 8),
    ]),
  );

  const secCodes = (['CCD', 'PPD'] as const).filter((code) =>
    input.entries.some((entry) => entry.secCode === code),
  );
  let trace = 0;
  let fileEntries = 0;
  let fileCredit = 0n;
  const fileRoutings: string[] = [];
  secCodes.forEach((secCode, index) => {
    const batchNumber = numeric(index + 1, 7);
    const entries = input.entries.filter((entry) => entry.secCode === secCode);
    lines.push(
      record([
        '5',
        '220',
        alpha(origin.companyName, 16),
        alpha('', 20),
        companyId,
        secCode,
        alpha(input.description ?? 'VENDOR PAY', 10),
        alpha('', 6),
        yymmdd(input.effectiveDate),
        '   ',
        '1',
        numeric(odfi, 8),
        batchNumber,
      ]),
    );
    let credit = 0n;
    for (const entry of entries) {
      trace += 1;
      credit += BigInt(entry.amountCents);
      lines.push(
        record([
          '6',
          entry.accountType === 'savings' ? '32' : '22',
          numeric(entry.routingNumber.slice(0, 8), 8),
          numeric(entry.routingNumber.slice(8, 9), 1),
          alpha(entry.accountNumber, 17),
          numeric(entry.amountCents, 10),
          alpha(entry.identification, 15),
          alpha(entry.name, 22),
          '  ',
          '0',
          numeric(odfi, 8) + numeric(trace, 7),
        ]),
      );
    }
    const routings = entries.map((entry) => entry.routingNumber);
    lines.push(
      record([
        '8',
        '220',
        numeric(entries.length, 6),
        entryHash(routings),
        numeric(0, 12),
        numeric(credit.toString(), 12),
        companyId,
        alpha('', 19),
        alpha('', 6),
        numeric(odfi, 8),
        batchNumber,
      ]),
    );
    fileEntries += entries.length;
    fileCredit += credit;
    fileRoutings.push(...routings);
  });

  const recordCount = lines.length + 1;
  lines.push(
    record([
      '9',
      numeric(secCodes.length, 6),
      numeric(Math.ceil(recordCount / BLOCKING_FACTOR), 6),
      numeric(fileEntries, 8),
      entryHash(fileRoutings),
      numeric(0, 12),
      numeric(fileCredit.toString(), 12),
      alpha('', 39),
    ]),
  );
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(RECORD_LENGTH));
  return `${lines.join('\n')}\n`;
}
