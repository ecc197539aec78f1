import {
  type ParsedStatement,
  StatementFormatError,
  type StatementSource,
  isoDay,
  joinText,
  parseStatementAmount,
  pushLine,
} from './parsed-statement';
import { returnCodeFromText } from './parsed-statement';
import { walkOfxSgml } from './ofx-sgml';
import { walkXml } from './xml-elements';

interface TransactionDraft {
  line: number;
  type: string | null;
  posted: string | null;
  amount: string | null;
  fitId: string | null;
  name: string | null;
  memo: string | null;
  checkNumber: string | null;
  refNumber: string | null;
}

/** Elements handed over by either reader: a leaf's value arrives as its close. */
export interface OfxHandlers {
  open?: (name: string, path: readonly string[]) => void;
  close: (name: string, text: string, path: readonly string[], line: number) => void;
}

/**
 * OFX and QFX (Quicken's OFX): 2.x is XML and read with saxes; 1.x is SGML with unclosed leaf
 * tags, read by ofx-sgml.ts. Both feed the same walk: one line per STMTTRN (bank or credit card
 * statement), FITID as the bank's id, LEDGERBAL as the closing balance. OFX gives no opening
 * balance, so the difference check needs the camt or BAI2 files that do. An OFX 1.x header of
 * CHARSET:1252 or ISO-8859-1 is read as Latin-1 (Windows-1252 differs only in 0x80-0x9F).
 */
export async function parseOfx(source: StatementSource, version: 1 | 2, encoding: 'utf8' | 'latin1' = 'utf8'): Promise<ParsedStatement> {
  const statement: ParsedStatement = { account: null, currency: null, openingBalance: null, closingBalance: null, lines: [] };
  let transaction: TransactionDraft | null = null;
  let transactionNumber = 0;
  let ledgerAmount: string | null = null;
  let sawOfx = false;

  const handlers: OfxHandlers = {
    open(name) {
      if (name === 'OFX') sawOfx = true;
      if (name === 'STMTTRN') {
        transactionNumber += 1;
        transaction = { line: transactionNumber, type: null, posted: null, amount: null, fitId: null, name: null, memo: null, checkNumber: null, refNumber: null };
      }
    },
    close(name, text, path, line) {
      const parent = path[path.length - 2] ?? '';
      if (transaction) {
        if (name === 'TRNTYPE') transaction.type = text;
        else if (name === 'DTPOSTED') transaction.posted = text;
        else if (name === 'TRNAMT') transaction.amount = text;
        else if (name === 'FITID') transaction.fitId = text;
        else if (name === 'NAME') transaction.name = text;
        else if (name === 'MEMO') transaction.memo = text;
        else if (name === 'CHECKNUM') transaction.checkNumber = text;
        else if (name === 'REFNUM') transaction.refNumber = text;
        else if (name === 'STMTTRN') {
          addTransaction(statement, transaction, line);
          transaction = null;
        }
        return;
      }
      if (name === 'ACCTID' && (parent === 'BANKACCTFROM' || parent === 'CCACCTFROM')) statement.account ??= text;
      else if (name === 'CURDEF') statement.currency ??= text;
      else if (name === 'BALAMT' && parent === 'LEDGERBAL') ledgerAmount = text;
    },
  };
  if (version === 2) await walkXml(source, handlers);
  else await walkOfxSgml(source, handlers, encoding);
  if (!sawOfx) throw new StatementFormatError('The file has no <OFX> element: it is not an OFX or QFX statement');
  if (ledgerAmount !== null) {
    const cents = parseStatementAmount(ledgerAmount);
    if (cents === null) throw new StatementFormatError(`<LEDGERBAL><BALAMT> "${ledgerAmount}" is not an amount`);
    statement.closingBalance = cents;
  }
  return statement;
}

/** "20260115", "20260115120000.000[-5:EST]": the day is the first eight digits. */
function ofxDay(text: string | null): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(text ?? '');
  return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function addTransaction(statement: ParsedStatement, draft: TransactionDraft, line: number): void {
  const where = `Transaction ${draft.line} (<STMTTRN> ending on line ${line})`;
  if (draft.amount === null) throw new StatementFormatError(`${where}: <TRNAMT> is missing`);
  const amountCents = parseStatementAmount(draft.amount);
  if (amountCents === null) throw new StatementFormatError(`${where}: <TRNAMT> "${draft.amount}" is not an amount`);
  const postedOn = ofxDay(draft.posted);
  if (!postedOn) throw new StatementFormatError(`${where}: <DTPOSTED> "${draft.posted ?? ''}" is not a date`);
  const description = joinText([draft.name, draft.memo]) || draft.type || '';
  pushLine(statement.lines, {
    postedOn,
    amountCents,
    description,
    reference: draft.checkNumber ?? draft.refNumber,
    counterparty: draft.name,
    bankRef: draft.fitId,
    returnCode: returnCodeFromText(description),
  });
}
