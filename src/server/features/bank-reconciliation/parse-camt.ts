import type { Cents } from '../../../shared/money';
import {
  type ParsedStatement,
  StatementFormatError,
  type StatementSource,
  joinText,
  parseStatementAmount,
  pushLine,
  returnCodeFromText,
} from './parsed-statement';
import { walkXml } from './xml-elements';

interface EntryDraft {
  line: number;
  amount: string | null;
  direction: string | null;
  status: string | null;
  bookedOn: string | null;
  valueOn: string | null;
  entryRef: string | null;
  servicerRef: string | null;
  txServicerRef: string | null;
  endToEndId: string | null;
  structuredRef: string | null;
  unstructured: string[];
  additional: string | null;
  debtor: string | null;
  creditor: string | null;
  returnCode: string | null;
  transactions: number;
}

interface BalanceDraft {
  code: string | null;
  amount: string | null;
  direction: string | null;
}

const newEntry = (line: number): EntryDraft => ({
  line,
  amount: null,
  direction: null,
  status: null,
  bookedOn: null,
  valueOn: null,
  entryRef: null,
  servicerRef: null,
  txServicerRef: null,
  endToEndId: null,
  structuredRef: null,
  unstructured: [],
  additional: null,
  debtor: null,
  creditor: null,
  returnCode: null,
  transactions: 0,
});

/** The statement (053) or notification (054) aggregate a Ntry, Bal or Acct belongs to. */
const REPORT = new Set(['Stmt', 'Ntfctn', 'Rpt']);

/**
 * ISO 20022 camt.053 (bank to customer statement, .001.02 to .001.08) and camt.054 (debit/credit
 * notification): one line per booked entry (Ntry), signed by CdtDbtInd; its id is AcctSvcrRef,
 * else NtryRef. Balances: OPBD (or PRCD) opening, CLBD closing. Pending (PDNG) and
 * information-only (INFO) entries are not lines yet.
 */
export async function parseCamt(source: StatementSource): Promise<ParsedStatement> {
  const statement: ParsedStatement = { account: null, currency: null, openingBalance: null, closingBalance: null, lines: [] };
  let entry: EntryDraft | null = null;
  let entryNumber = 0;
  let balance: BalanceDraft | null = null;
  let sawReport = false;

  await walkXml(source, {
    open(name, path) {
      if (path.length === 1 && name !== 'Document') throw new StatementFormatError(`This is not an ISO 20022 document: the root element is <${name}>, not <Document>`);
      const parent = path[path.length - 2] ?? '';
      if (name === 'Ntry' && REPORT.has(parent)) {
        entryNumber += 1;
        entry = newEntry(entryNumber);
      } else if (name === 'Bal' && REPORT.has(parent)) {
        balance = { code: null, amount: null, direction: null };
      } else if (REPORT.has(name)) {
        sawReport = true;
      }
    },
    close(name, text, path, line) {
      const parent = path[path.length - 2] ?? '';
      const grand = path[path.length - 3] ?? '';
      if (entry) {
        readEntryElement(entry, name, text, parent, grand, path);
        if (name === 'Ntry' && REPORT.has(parent)) {
          const done = entry;
          entry = null;
          addEntry(statement, done, line);
        }
        return;
      }
      if (balance) {
        if (name === 'Cd' && parent === 'CdOrPrtry') balance.code = text;
        else if (name === 'Prtry' && parent === 'CdOrPrtry') balance.code ??= text;
        else if (name === 'Amt' && parent === 'Bal') balance.amount = text;
        else if (name === 'CdtDbtInd' && parent === 'Bal') balance.direction = text;
        else if (name === 'Bal') {
          addBalance(statement, balance, line);
          balance = null;
        }
        return;
      }
      if (parent === 'Id' && grand === 'Acct' && REPORT.has(path[path.length - 4] ?? '')) {
        if (name === 'IBAN') statement.account ??= text;
      } else if (name === 'Id' && parent === 'Othr' && path.includes('Acct') && REPORT.has(path[path.indexOf('Acct') - 1] ?? '')) {
        statement.account ??= text;
      } else if (name === 'Ccy' && parent === 'Acct') {
        statement.currency ??= text;
      }
    },
  });
  if (!sawReport) throw new StatementFormatError('The file has no <Stmt> or <Ntfctn>: it is not a camt.053 statement or camt.054 notification');
  return statement;
}

function readEntryElement(entry: EntryDraft, name: string, text: string, parent: string, grand: string, path: readonly string[]): void {
  const inDetails = path.includes('NtryDtls');
  if (!inDetails) {
    if (name === 'Amt' && parent === 'Ntry') entry.amount = text;
    else if (name === 'CdtDbtInd' && parent === 'Ntry') entry.direction = text;
    // .001.02 writes <Sts>BOOK</Sts>, .001.08 <Sts><Cd>BOOK</Cd></Sts>.
    else if (name === 'Sts' && parent === 'Ntry' && text) entry.status = text;
    else if (name === 'Cd' && parent === 'Sts') entry.status = text;
    else if ((name === 'Dt' || name === 'DtTm') && parent === 'BookgDt') entry.bookedOn = text.slice(0, 10);
    else if ((name === 'Dt' || name === 'DtTm') && parent === 'ValDt') entry.valueOn = text.slice(0, 10);
    else if (name === 'NtryRef' && parent === 'Ntry') entry.entryRef = text;
    else if (name === 'AcctSvcrRef' && parent === 'Ntry') entry.servicerRef = text;
    else if (name === 'AddtlNtryInf' && parent === 'Ntry') entry.additional = text;
    return;
  }
  if (name === 'TxDtls') entry.transactions += 1;
  else if (name === 'AcctSvcrRef' && parent === 'Refs') entry.txServicerRef ??= text;
  else if (name === 'EndToEndId' && parent === 'Refs' && text !== 'NOTPROVIDED') entry.endToEndId ??= text;
  else if (name === 'Ustrd' && parent === 'RmtInf') entry.unstructured.push(text);
  else if (name === 'Ref' && parent === 'CdtrRefInf') entry.structuredRef ??= text;
  else if (name === 'Cd' && parent === 'Rsn' && grand === 'RtrInf') entry.returnCode = text;
  else if (name === 'AddtlTxInf') entry.unstructured.push(text);
  else if (name === 'Nm' && path.includes('RltdPties')) {
    // .001.02: RltdPties/Dbtr/Nm; .001.08: RltdPties/Dbtr/Pty/Nm.
    const party = path[path.indexOf('RltdPties') + 1];
    if (party === 'Dbtr') entry.debtor ??= text;
    else if (party === 'Cdtr') entry.creditor ??= text;
  }
}

function signed(amount: string | null, direction: string | null, where: string): Cents {
  if (amount === null) throw new StatementFormatError(`${where}: <Amt> is missing`);
  const cents = parseStatementAmount(amount);
  if (cents === null || cents < 0) throw new StatementFormatError(`${where}: <Amt> "${amount}" is not an amount`);
  if (direction === 'CRDT') return cents;
  if (direction === 'DBIT') return -cents;
  throw new StatementFormatError(`${where}: <CdtDbtInd> must be CRDT or DBIT, not "${direction ?? ''}"`);
}

function addEntry(statement: ParsedStatement, entry: EntryDraft, line: number): void {
  const where = `Entry ${entry.line} (<Ntry> ending on line ${line})`;
  if (entry.status === 'PDNG' || entry.status === 'INFO' || entry.status === 'FUTR') return;
  const amountCents = signed(entry.amount, entry.direction, where);
  const postedOn = entry.bookedOn ?? entry.valueOn;
  if (!postedOn || !/^\d{4}-\d{2}-\d{2}$/.test(postedOn)) throw new StatementFormatError(`${where}: <BookgDt> is missing or not a date`);
  // A batch (several TxDtls, e.g. a payment run settled as one debit) has no one reference or party.
  const batch = entry.transactions > 1;
  const counterparty = batch ? null : ((amountCents >= 0 ? entry.debtor : entry.creditor) ?? entry.debtor ?? entry.creditor);
  const description = joinText([...entry.unstructured, entry.additional]) || counterparty || '';
  pushLine(statement.lines, {
    postedOn,
    amountCents,
    description,
    reference: batch ? null : (entry.endToEndId ?? entry.structuredRef),
    counterparty,
    bankRef: entry.servicerRef ?? entry.entryRef ?? entry.txServicerRef,
    returnCode: entry.returnCode ?? returnCodeFromText(description),
  });
}

function addBalance(statement: ParsedStatement, balance: BalanceDraft, line: number): void {
  const code = balance.code ?? '';
  if (!['OPBD', 'PRCD', 'CLBD'].includes(code)) return;
  const cents = signed(balance.amount, balance.direction, `Balance ${code} (<Bal> ending on line ${line})`);
  if (code === 'CLBD') statement.closingBalance = cents;
  else if (code === 'OPBD' || statement.openingBalance === null) statement.openingBalance = cents;
}
