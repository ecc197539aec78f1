import { isValidRoutingNumber } from '../../../shared/aba';

/**
 * A reader's check of a NACHA file, written from the NACHA Operating Rules' record layouts (not
 * from our writer): every rule a bank's ACH intake would refuse the file for, each found problem
 * named by rule and line. Used by tests to check our files in both directions.
 */
export const NACHA_RULES = [
  'record-length',
  'character-set',
  'record-type',
  'record-order',
  'file-header',
  'file-id-modifier',
  'blocking',
  'block-count',
  'batch-count',
  'batch-number',
  'batch-control-mismatch',
  'service-class',
  'entry-count',
  'entry-hash',
  'totals',
  'numeric-field',
  'trace-order',
  'trace-odfi',
  'addenda-indicator',
  'addenda-type',
  'addenda-sequence',
  'routing-check-digit',
  'prenote-amount',
  'padding',
] as const;
export type NachaRule = (typeof NACHA_RULES)[number];

export interface NachaProblem {
  rule: NachaRule;
  /** 1-based line of the record, 0 for the file as a whole. */
  line: number;
  message: string;
}

const CREDIT_CODES = new Set(['21', '22', '23', '24', '31', '32', '33', '34', '41', '42', '43', '44', '51', '52', '53', '54']);
const DEBIT_CODES = new Set(['26', '27', '28', '29', '36', '37', '38', '39', '46', '47', '48', '49', '55', '56']);
const PRENOTE_CODES = new Set(['23', '28', '33', '38', '43', '48', '53']);
const ADDENDA_TYPES = new Set(['02', '05', '98', '99']);

interface Batch {
  line: number;
  serviceClass: string;
  companyId: string;
  odfi: string;
  number: string;
  entryAddenda: number;
  routings: bigint;
  debit: bigint;
  credit: bigint;
  lastTrace: string;
}

interface OpenEntry {
  line: number;
  trace: string;
  expectsAddenda: boolean;
  addendaSeen: number;
}

/** Where the reader is: before the header, between batches, inside a batch, in the 9-fill. */
type ReaderState = 'start' | 'file' | 'batch' | 'fill';

function digits(value: string): boolean {
  return /^\d+$/.test(value);
}

function amount(value: string): bigint {
  return digits(value) ? BigInt(value) : 0n;
}

/** The last ten digits of a sum, as the entry hash keeps them. */
function hash10(sum: bigint): string {
  return sum.toString().slice(-10).padStart(10, '0');
}

export function checkNachaFile(text: string): NachaProblem[] {
  const problems: NachaProblem[] = [];
  const add = (rule: NachaRule, line: number, message: string) => problems.push({ rule, line, message });
  const records = text.split(/\r?\n/);
  if (records[records.length - 1] === '') records.pop();

  records.forEach((record, index) => {
    if (record.length !== 94) add('record-length', index + 1, `Record of ${record.length} characters, not 94`);
    // ACH operators take upper-case-capable ASCII 0x20-0x7E only: no accents, tabs or control characters.
    if (/[^\x20-\x7e]/.test(record)) add('character-set', index + 1, 'Record holds a character outside printable ASCII');
  });
  if (records.length % 10 !== 0) add('blocking', 0, `${records.length} records are not whole blocks of 10`);

  let state: ReaderState = 'start';
  let batch: Batch | null = null;
  let entry: OpenEntry | null = null;
  let lastBatchNumber = 0;
  const file = { batches: 0, entryAddenda: 0, routings: 0n, debit: 0n, credit: 0n };

  const closeEntry = () => {
    if (entry && entry.expectsAddenda && entry.addendaSeen === 0)
      add('addenda-indicator', entry.line, 'Entry says it has an addenda record but none follows');
    entry = null;
  };

  records.forEach((record, index) => {
    const line = index + 1;
    const type = record[0] ?? '';
    const field = (from: number, to: number) => record.slice(from - 1, to);

    if (state === 'fill') {
      if (record !== '9'.repeat(94)) add('padding', line, 'Only all-9 records may follow the file control');
      return;
    }
    if (!'15678'.includes(type) && type !== '9') {
      add('record-type', line, `Unknown record type "${type}"`);
      return;
    }

    if (type === '1') {
      if (state !== 'start') add('record-order', line, 'File header not first');
      state = 'file';
      if (field(2, 3) !== '01') add('file-header', line, 'Priority code must be 01');
      const destination = field(4, 13);
      if (!/^ \d{9}$/.test(destination) || !isValidRoutingNumber(destination.slice(1)))
        add('routing-check-digit', line, 'Immediate destination is not a blank and a valid routing number');
      if (!/^[A-Z0-9 ]{10}$/.test(field(14, 23)) || field(14, 23).trim() === '')
        add('file-header', line, 'Immediate origin must be 10 characters');
      if (!digits(field(24, 29)) || !digits(field(30, 33))) add('numeric-field', line, 'File creation date or time is not numeric');
      if (!/^[A-Z0-9]$/.test(field(34, 34))) add('file-id-modifier', line, 'File ID modifier must be A-Z or 0-9');
      if (field(35, 37) !== '094') add('file-header', line, 'Record size must be 094');
      if (field(38, 39) !== '10') add('file-header', line, 'Blocking factor must be 10');
      if (field(40, 40) !== '1') add('file-header', line, 'Format code must be 1');
      return;
    }

    if (type === '5') {
      if (state !== 'file') add('record-order', line, 'Batch header outside a file or inside another batch');
      closeEntry();
      state = 'batch';
      const number = field(88, 94);
      if (!digits(number) || Number(number) !== lastBatchNumber + 1)
        add('batch-number', line, `Batch number ${number} does not follow ${lastBatchNumber}`);
      lastBatchNumber = digits(number) ? Number(number) : lastBatchNumber + 1;
      const serviceClass = field(2, 4);
      if (!['200', '220', '225'].includes(serviceClass)) add('service-class', line, `Unknown service class ${serviceClass}`);
      if (!digits(field(70, 75))) add('numeric-field', line, 'Effective entry date is not numeric');
      if (!digits(field(80, 87))) add('numeric-field', line, 'ODFI identification is not numeric');
      batch = {
        line,
        serviceClass,
        companyId: field(41, 50),
        odfi: field(80, 87),
        number,
        entryAddenda: 0,
        routings: 0n,
        debit: 0n,
        credit: 0n,
        lastTrace: '',
      };
      return;
    }

    if (type === '6') {
      if (state !== 'batch' || !batch) {
        add('record-order', line, 'Entry outside a batch');
        return;
      }
      closeEntry();
      const code = field(2, 3);
      const value = field(30, 39);
      const trace = field(80, 94);
      if (!digits(field(4, 12)) || !isValidRoutingNumber(field(4, 12)))
        add('routing-check-digit', line, `Receiving DFI ${field(4, 12)} has a wrong check digit`);
      if (!digits(value)) add('numeric-field', line, 'Amount is not numeric');
      if (!digits(trace)) add('numeric-field', line, 'Trace number is not numeric');
      const isCredit = CREDIT_CODES.has(code);
      const isDebit = DEBIT_CODES.has(code);
      if (!isCredit && !isDebit) add('service-class', line, `Unknown transaction code ${code}`);
      if (batch.serviceClass === '220' && isDebit) add('service-class', line, 'Debit entry in a credits-only (220) batch');
      if (batch.serviceClass === '225' && isCredit) add('service-class', line, 'Credit entry in a debits-only (225) batch');
      if (PRENOTE_CODES.has(code) && amount(value) !== 0n) add('prenote-amount', line, 'A prenote must be zero dollars');
      if (trace.slice(0, 8) !== batch.odfi) add('trace-odfi', line, 'Trace number does not start with the ODFI identification');
      if (batch.lastTrace && trace <= batch.lastTrace) add('trace-order', line, 'Trace numbers are not ascending');
      batch.lastTrace = trace;
      const indicator = field(79, 79);
      if (indicator !== '0' && indicator !== '1') add('addenda-indicator', line, 'Addenda indicator must be 0 or 1');
      batch.entryAddenda += 1;
      batch.routings += amount(field(4, 11));
      if (isCredit) batch.credit += amount(value);
      if (isDebit) batch.debit += amount(value);
      entry = { line, trace, expectsAddenda: indicator === '1', addendaSeen: 0 };
      return;
    }

    if (type === '7') {
      const open = entry as OpenEntry | null;
      if (state !== 'batch' || !batch || !open) {
        add('record-order', line, 'Addenda without an entry before it');
        return;
      }
      if (!open.expectsAddenda) add('addenda-indicator', line, 'Addenda follows an entry whose addenda indicator is 0');
      if (!ADDENDA_TYPES.has(field(2, 3))) add('addenda-type', line, `Unknown addenda type code ${field(2, 3)}`);
      open.addendaSeen += 1;
      if (field(2, 3) === '05') {
        const expected = String(open.addendaSeen).padStart(4, '0');
        if (field(84, 87) !== expected) add('addenda-sequence', line, `Addenda sequence ${field(84, 87)}, expected ${expected}`);
        if (field(88, 94) !== open.trace.slice(-7))
          add('addenda-sequence', line, "Entry detail sequence number is not the entry's trace sequence");
      } else if (open.addendaSeen > 1) {
        add('addenda-sequence', line, 'A return or change addenda (98/99) comes alone');
      }
      batch.entryAddenda += 1;
      return;
    }

    if (type === '8') {
      closeEntry();
      if (state !== 'batch' || !batch) {
        add('record-order', line, 'Batch control without a batch header');
        return;
      }
      state = 'file';
      if (field(2, 4) !== batch.serviceClass) add('batch-control-mismatch', line, 'Service class differs from the batch header');
      if (field(45, 54) !== batch.companyId) add('batch-control-mismatch', line, 'Company identification differs from the batch header');
      if (field(80, 87) !== batch.odfi) add('batch-control-mismatch', line, 'ODFI identification differs from the batch header');
      if (field(88, 94) !== batch.number) add('batch-number', line, 'Batch number differs from the batch header');
      if (field(5, 10) !== String(batch.entryAddenda).padStart(6, '0'))
        add('entry-count', line, `Entry/addenda count ${field(5, 10)}, the batch has ${batch.entryAddenda}`);
      if (field(11, 20) !== hash10(batch.routings)) add('entry-hash', line, `Entry hash ${field(11, 20)}, expected ${hash10(batch.routings)}`);
      if (amount(field(21, 32)) !== batch.debit || !digits(field(21, 32)))
        add('totals', line, `Total debits ${field(21, 32)}, the entries add up to ${batch.debit}`);
      if (amount(field(33, 44)) !== batch.credit || !digits(field(33, 44)))
        add('totals', line, `Total credits ${field(33, 44)}, the entries add up to ${batch.credit}`);
      file.batches += 1;
      file.entryAddenda += batch.entryAddenda;
      file.routings += batch.routings;
      file.debit += batch.debit;
      file.credit += batch.credit;
      batch = null;
      return;
    }

    // type 9: the file control, then only padding
    closeEntry();
    if (state !== 'file') add('record-order', line, state === 'batch' ? 'File control inside an open batch' : 'File control before the file header');
    state = 'fill';
    if (field(2, 7) !== String(file.batches).padStart(6, '0')) add('batch-count', line, `Batch count ${field(2, 7)}, the file has ${file.batches}`);
    const blocks = Math.ceil(records.length / 10);
    if (field(8, 13) !== String(blocks).padStart(6, '0')) add('block-count', line, `Block count ${field(8, 13)}, the file has ${blocks}`);
    if (field(14, 21) !== String(file.entryAddenda).padStart(8, '0'))
      add('entry-count', line, `Entry/addenda count ${field(14, 21)}, the file has ${file.entryAddenda}`);
    if (field(22, 31) !== hash10(file.routings)) add('entry-hash', line, `Entry hash ${field(22, 31)}, expected ${hash10(file.routings)}`);
    if (amount(field(32, 43)) !== file.debit || !digits(field(32, 43))) add('totals', line, `File debits ${field(32, 43)}, the batches add up to ${file.debit}`);
    if (amount(field(44, 55)) !== file.credit || !digits(field(44, 55))) add('totals', line, `File credits ${field(44, 55)}, the batches add up to ${file.credit}`);
  });

  // Assigned inside the loop's callback, which the compiler does not follow.
  if ((state as ReaderState) !== 'fill') add('record-order', 0, 'The file has no file control record');
  return problems;
}
