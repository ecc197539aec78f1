import anyAscii from 'any-ascii';

/**
 * NACHA (ACH) file writer for vendor payments: one file header, one batch per SEC code, entry
 * details (with an 05 addenda for CCD+/PPD+), batch and file controls, every record 94
 * characters, padded with all-9 records to whole blocks of 10. Unbalanced files are credits only
 * (service class 220: the bank debits the company for the total); balanced files close each batch
 * with an offsetting debit to the company's own account (service class 200).
 */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;
/** Payment-related information of an 05 addenda record. */
export const ADDENDA_INFO_LENGTH = 80;

export type SecCode = 'CCD' | 'PPD';
export type AccountKind = 'checking' | 'savings';

/** Transaction codes (NACHA Appendix Three): live credit, prenote credit, live debit. */
export const TRANSACTION_CODES = {
  checking: { credit: '22', prenote: '23', debit: '27' },
  savings: { credit: '32', prenote: '33', debit: '37' },
} as const;

export interface NachaOrigin {
  /** The ACH profile's immediate destination: the bank's ACH routing number (9 digits). */
  immediateDestination: string;
  immediateDestinationName: string;
  /** 10 characters as the bank assigned them. */
  immediateOrigin: string;
  immediateOriginName: string;
  /** Batch header company identification, 10 characters as the bank assigned them. */
  companyId: string;
  companyName: string;
  entryDescription: string;
  /** The company's own account at the ODFI: trace numbers start with its routing number; balanced files debit it. */
  routingNumber: string;
  accountNumber: string;
  accountType: AccountKind;
  balanced: boolean;
  lineEnding: 'crlf' | 'lf';
}

export interface NachaEntry {
  routingNumber: string;
  accountNumber: string;
  accountType: AccountKind;
  amountCents: number;
  /** What the receiver reconciles by (the bill number). */
  identification: string;
  name: string;
  secCode: SecCode;
  /** Payment-related information for an 05 addenda (CCD+/PPD+): the bill numbers. */
  addenda?: string;
  /** A zero-dollar test entry (23/33) to check the account before live payments. */
  prenote?: boolean;
}

export interface NachaFileInput {
  origin: NachaOrigin;
  entries: NachaEntry[];
  /** The day the payments settle, YYYY-MM-DD. */
  effectiveDate: string;
  createdAt: Date;
  /** A-Z or 0-9, different for files made the same day from the same account. */
  fileIdModifier: string;
}

/**
 * ASCII letters and digits a name keeps: other scripts romanised ("Łódź" -> "LODZ") before
 * cleaning. Symbols and emoji go first: any-ascii would spell them out (":umbrella:").
 */
export function alpha(value: string, length: number): string {
  const clean = anyAscii(value.replace(/[\p{Extended_Pictographic}\p{So}]/gu, ' '))
    .toUpperCase()
    .replace(/[^A-Z0-9 .,&'/()-]/g, ' ');
  return clean.slice(0, length).padEnd(length, ' ');
}

/** True when a name has nothing left once cleaned: an entry with it would name nobody. */
export function isBlankName(value: string): boolean {
  return alpha(value, 22).trim() === '';
}

/** Right-justified, zero-filled; a value too long for its field is a bug, never truncated. */
export function numeric(value: number | string, length: number): string {
  const text = typeof value === 'number' ? String(Math.trunc(value)) : value;
  if (!/^\d+$/.test(text) || text.length > length)
    throw new Error(`Value does not fit a ${length}-digit NACHA field`);
  return text.padStart(length, '0');
}

/** A value the bank assigned, exactly as long as its field (letters upper-cased, never cut or padded). */
function assigned(value: string, length: number): string {
  const text = value.toUpperCase();
  if (!/^[A-Z0-9 ]+$/.test(text) || text.length !== length)
    throw new Error(`Value is not the ${length} characters the bank assigned`);
  return text;
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

interface Totals {
  entryAddendaCount: number;
  routings: string[];
  debit: bigint;
  credit: bigint;
}

function entryRecord(
  transactionCode: string,
  entry: Pick<NachaEntry, 'routingNumber' | 'accountNumber' | 'amountCents' | 'identification' | 'name'>,
  hasAddenda: boolean,
  traceNumber: string,
): string {
  return record([
    '6',
    transactionCode,
    numeric(entry.routingNumber.slice(0, 8), 8),
    numeric(entry.routingNumber.slice(8, 9), 1),
    alpha(entry.accountNumber, 17),
    numeric(entry.amountCents, 10),
    alpha(entry.identification, 15),
    alpha(entry.name, 22),
    '  ',
    hasAddenda ? '1' : '0',
    traceNumber,
  ]);
}

function addendaRecord(info: string, traceNumber: string): string {
  return record(['7', '05', alpha(info, ADDENDA_INFO_LENGTH), numeric(1, 4), traceNumber.slice(-7)]);
}

export function buildNachaFile(input: NachaFileInput): string {
  const { origin } = input;
  const odfi = numeric(origin.routingNumber.slice(0, 8), 8);
  const created = input.createdAt.toISOString();
  const companyId = assigned(origin.companyId, 10);
  const modifier = input.fileIdModifier.toUpperCase();
  if (!/^[A-Z0-9]$/.test(modifier)) throw new Error('File ID modifier must be A-Z or 0-9');
  const lines: string[] = [];

  lines.push(
    record([
      '1',
      '01',
      ` ${numeric(origin.immediateDestination, 9)}`,
      assigned(origin.immediateOrigin, 10),
      yymmdd(created.slice(0, 10)),
      created.slice(11, 13) + created.slice(14, 16),
      modifier,
      '094',
      '10',
      '1',
      alpha(origin.immediateDestinationName, 23),
      alpha(origin.immediateOriginName, 23),
      alpha('', 8),
    ]),
  );

  const secCodes = (['CCD', 'PPD'] as const).filter((code) =>
    input.entries.some((entry) => entry.secCode === code),
  );
  let trace = 0;
  const nextTrace = () => {
    trace += 1;
    return odfi + numeric(trace, 7);
  };
  const file: Totals = { entryAddendaCount: 0, routings: [], debit: 0n, credit: 0n };
  secCodes.forEach((secCode, index) => {
    const batchNumber = numeric(index + 1, 7);
    const entries = input.entries.filter((entry) => entry.secCode === secCode);
    const liveCredit = entries.reduce((sum, entry) => sum + (entry.prenote ? 0n : BigInt(entry.amountCents)), 0n);
    // A batch of prenotes only moves no money: nothing to offset.
    const offset = origin.balanced && liveCredit > 0n;
    const serviceClass = offset ? '200' : '220';
    const header = record([
      '5',
      serviceClass,
      alpha(origin.companyName, 16),
      alpha('', 20),
      companyId,
      secCode,
      alpha(origin.entryDescription, 10),
      alpha('', 6),
      yymmdd(input.effectiveDate),
      '   ',
      '1',
      odfi,
      batchNumber,
    ]);
    lines.push(header);
    const batch: Totals = { entryAddendaCount: 0, routings: [], debit: 0n, credit: 0n };
    for (const entry of entries) {
      const codes = TRANSACTION_CODES[entry.accountType];
      const amount = entry.prenote ? 0 : entry.amountCents;
      const traceNumber = nextTrace();
      const info = entry.prenote ? '' : (entry.addenda ?? '').trim();
      lines.push(entryRecord(entry.prenote ? codes.prenote : codes.credit, { ...entry, amountCents: amount }, info !== '', traceNumber));
      batch.entryAddendaCount += 1;
      if (info !== '') {
        lines.push(addendaRecord(info, traceNumber));
        batch.entryAddendaCount += 1;
      }
      batch.routings.push(entry.routingNumber);
      batch.credit += BigInt(amount);
    }
    if (offset) {
      lines.push(
        entryRecord(
          TRANSACTION_CODES[origin.accountType].debit,
          {
            routingNumber: origin.routingNumber,
            accountNumber: origin.accountNumber,
            amountCents: Number(liveCredit),
            identification: 'OFFSET',
            name: origin.companyName,
          },
          false,
          nextTrace(),
        ),
      );
      batch.entryAddendaCount += 1;
      batch.routings.push(origin.routingNumber);
      batch.debit += liveCredit;
    }
    lines.push(
      record([
        '8',
        serviceClass,
        numeric(batch.entryAddendaCount, 6),
        entryHash(batch.routings),
        numeric(batch.debit.toString(), 12),
        numeric(batch.credit.toString(), 12),
        companyId,
        alpha('', 19),
        alpha('', 6),
        odfi,
        batchNumber,
      ]),
    );
    file.entryAddendaCount += batch.entryAddendaCount;
    file.routings.push(...batch.routings);
    file.debit += batch.debit;
    file.credit += batch.credit;
  });

  const recordCount = lines.length + 1;
  lines.push(
    record([
      '9',
      numeric(secCodes.length, 6),
      numeric(Math.ceil(recordCount / BLOCKING_FACTOR), 6),
      numeric(file.entryAddendaCount, 8),
      entryHash(file.routings),
      numeric(file.debit.toString(), 12),
      numeric(file.credit.toString(), 12),
      alpha('', 39),
    ]),
  );
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(RECORD_LENGTH));
  const eol = origin.lineEnding === 'crlf' ? '\r\n' : '\n';
  return `${lines.join(eol)}${eol}`;
}
