import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  type BankStatementFormat,
  type CsvStatementMapping,
  type StatementImportResult,
  type StatementPreview,
  csvStatementMappingSchema,
} from '../../../shared/contracts/bank-reconciliation';
import { sumCents, toDecimal } from '../../../shared/money';
import type { Database } from '../../db/client';
import { bankFeedSettings, bankStatements } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { findBankAccount } from '../bank-accounts/bank-accounts.queries';
import { applyBankRules } from './apply-rules';
import { type FileFormat, detectStatementFormat } from './detect-statement-format';
import { guessCsvMapping } from './guess-csv-mapping';
import { parseBai2 } from './parse-bai2';
import { parseCamt } from './parse-camt';
import { parseCsvStatement, previewCsv } from './parse-csv-statement';
import { parseOfx } from './parse-ofx';
import { type ParsedStatement, StatementFormatError, type StatementSource, StatementTooLargeError } from './parsed-statement';
import { insertStatementLines } from './statement-lines';

export interface ImportActor {
  organizationId: string;
  userId: string;
}

export interface StatementUpload {
  source: StatementSource;
  /** Overrides the format told from the file. */
  format?: Exclude<BankStatementFormat, 'plaid'>;
  mapping?: CsvStatementMapping;
  /** The user confirmed the file is for this account although it names another. */
  confirmAccount?: boolean;
}

const HEAD_BYTES = 8192;

/** The first few kilobytes as text, to tell the format and the CSV delimiter from. */
async function readHead(source: StatementSource): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source.read()) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= HEAD_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8');
}

function fileFormat(head: string, upload: StatementUpload): FileFormat {
  if (upload.format === 'ofx') return /^\s*(?:\ufeff)?<\?xml/i.test(head) ? 'ofx' : 'ofx1';
  if (upload.format) return upload.format;
  const detected = detectStatementFormat(head, upload.source.fileName);
  if (!detected) {
    throw new AppError('VALIDATION', 'This file is not a statement we can read: upload OFX, QFX, camt.053, camt.054, BAI2 or CSV', {
      file: 'Unknown file format',
    });
  }
  return detected;
}

async function rememberedMapping(db: Database, bankAccountId: string): Promise<CsvStatementMapping | null> {
  const [settings] = await db.select({ csvMapping: bankFeedSettings.csvMapping }).from(bankFeedSettings).where(eq(bankFeedSettings.bankAccountId, bankAccountId));
  const parsed = csvStatementMappingSchema.safeParse(settings?.csvMapping ?? null);
  return parsed.success ? parsed.data : null;
}

async function parseFile(format: FileFormat, source: StatementSource, mapping: CsvStatementMapping | null, head: string): Promise<ParsedStatement> {
  try {
    switch (format) {
      case 'ofx':
        return await parseOfx(source, 2);
      case 'ofx1':
        return await parseOfx(source, 1, /^\s*CHARSET\s*:\s*(?:1252|ISO-8859-1|8859-1)\s*$/im.test(head) ? 'latin1' : 'utf8');
      case 'camt053':
      case 'camt054':
        return await parseCamt(source);
      case 'bai2':
        return await parseBai2(source);
      case 'csv':
        if (!mapping) {
          throw new AppError('VALIDATION', 'Choose which columns hold the date, the amount and the description', { mapping: 'Choose the columns' });
        }
        return await parseCsvStatement(source, mapping);
    }
  } catch (error) {
    if (error instanceof StatementFormatError) throw new AppError('VALIDATION', error.message, { file: error.message });
    if (error instanceof StatementTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', error.message, { file: error.message });
    throw error;
  }
}

/** The last four digits of an account number or IBAN, or null when it has fewer. */
export function lastFourDigits(account: string): string | null {
  const digits = account.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** Hashes the bytes as the parser reads them, so the file is read once for both. */
function hashing(source: StatementSource): { source: StatementSource; digest: () => string } {
  const hash = createHash('sha256');
  return {
    source: {
      fileName: source.fileName,
      async *read() {
        for await (const chunk of source.read()) {
          hash.update(chunk);
          yield chunk;
        }
      },
    },
    digest: () => hash.digest('hex'),
  };
}

/**
 * Imports one statement file into a bank account: parsed whole before anything is written (a
 * malformed file stores nothing), then the statement, its new lines (an overlapping file adds
 * only lines not yet there), the remembered CSV mapping, the import time and the audit row in one
 * transaction; the workspace's rules then run on the new lines.
 */
export async function importStatement(
  deps: { db: Database; now: () => Date },
  actor: ImportActor,
  bankAccountId: string,
  upload: StatementUpload,
): Promise<StatementImportResult> {
  const account = await findBankAccount(deps.db, { organizationId: actor.organizationId, id: bankAccountId });
  if (!account) throw notFound('Bank account');
  const head = await readHead(upload.source);
  const format = fileFormat(head, upload);
  const mapping = format === 'csv' ? (upload.mapping ?? (await rememberedMapping(deps.db, account.id))) : null;
  const file = hashing(upload.source);
  const parsed = await parseFile(format, file.source, mapping, head);

  const fileLast4 = parsed.account ? lastFourDigits(parsed.account) : null;
  if (fileLast4 && fileLast4 !== account.accountLast4 && !upload.confirmAccount) {
    throw new AppError(
      'STATEMENT_OTHER_ACCOUNT',
      `This file is for the account ending in ${fileLast4}, not ${account.accountName} (ending in ${account.accountLast4}). Import it anyway only if you are sure.`,
      { file: `The file's account ends in ${fileLast4}` },
    );
  }
  if (parsed.lines.length === 0) throw new AppError('VALIDATION', 'The file has no transactions to import', { file: 'No transactions' });

  const storedFormat: Exclude<BankStatementFormat, 'plaid'> = format === 'ofx1' ? 'ofx' : format;
  const total = sumCents(parsed.lines.map((line) => line.amountCents));
  const balanceDifference =
    parsed.openingBalance !== null && parsed.closingBalance !== null ? parsed.openingBalance + total - parsed.closingBalance : null;
  let periodStart = parsed.lines[0]?.postedOn ?? null;
  let periodEnd = periodStart;
  for (const line of parsed.lines) {
    if (periodStart === null || line.postedOn < periodStart) periodStart = line.postedOn;
    if (periodEnd === null || line.postedOn > periodEnd) periodEnd = line.postedOn;
  }
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        organizationId: actor.organizationId,
        bankAccountId: account.id,
        userId: actor.userId,
        format: storedFormat,
        fileName: upload.source.fileName.slice(0, 255),
        fileHash: file.digest(),
        fileAccount: parsed.account,
        periodStart,
        periodEnd,
        openingBalance: parsed.openingBalance === null ? null : toDecimal(parsed.openingBalance),
        closingBalance: parsed.closingBalance === null ? null : toDecimal(parsed.closingBalance),
        balanceDifference: balanceDifference === null ? null : toDecimal(balanceDifference),
        linesInFile: parsed.lines.length,
      })
      .returning({ id: bankStatements.id });
    if (!statement) throw new Error('statement insert returned nothing');
    const added = await insertStatementLines(tx, { organizationId: actor.organizationId, bankAccountId: account.id, statementId: statement.id }, parsed.lines);
    await tx.update(bankStatements).set({ linesAdded: added.length }).where(eq(bankStatements.id, statement.id));
    const settings = { lastImportAt: now, updatedAt: now, ...(format === 'csv' && upload.mapping ? { csvMapping: upload.mapping } : {}) };
    await tx
      .insert(bankFeedSettings)
      .values({ bankAccountId: account.id, organizationId: actor.organizationId, ...settings })
      .onConflictDoUpdate({ target: bankFeedSettings.bankAccountId, set: settings });
    const result = {
      statementId: statement.id,
      format: storedFormat,
      linesInFile: parsed.lines.length,
      linesAdded: added.length,
      duplicates: parsed.lines.length - added.length,
      openingBalance: parsed.openingBalance === null ? null : toDecimal(parsed.openingBalance),
      closingBalance: parsed.closingBalance === null ? null : toDecimal(parsed.closingBalance),
      balanceDifference: balanceDifference === null ? null : toDecimal(balanceDifference),
    };
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'bank_statement.imported',
      entityType: 'bank_statement',
      entityId: statement.id,
      details: { bankAccountId: account.id, fileName: upload.source.fileName, ...result },
    });
    const { autoMatched } = added.length > 0 ? await applyBankRules(tx, actor, added) : { autoMatched: 0 };
    return { ...result, autoMatched };
  });
}

/** The format, and for a CSV its first rows and the mapping to start the mapping step from. */
export async function previewStatement(
  deps: { db: Database },
  actor: ImportActor,
  bankAccountId: string,
  source: StatementSource,
  format?: StatementUpload['format'],
): Promise<StatementPreview> {
  const account = await findBankAccount(deps.db, { organizationId: actor.organizationId, id: bankAccountId });
  if (!account) throw notFound('Bank account');
  const head = await readHead(source);
  const detected = fileFormat(head, { source, format });
  const storedFormat = detected === 'ofx1' ? 'ofx' : detected;
  if (detected !== 'csv') return { format: storedFormat, fileName: source.fileName, csv: null };
  let preview: Awaited<ReturnType<typeof previewCsv>>;
  try {
    preview = await previewCsv(source, head);
  } catch (error) {
    if (error instanceof StatementFormatError) throw new AppError('VALIDATION', error.message, { file: error.message });
    throw error;
  }
  const remembered = await rememberedMapping(deps.db, account.id);
  const width = Math.max(0, ...preview.rows.map((row) => row.length));
  const first = preview.rows[0] ?? [];
  const header = Array.from({ length: width }, (_, index) => first[index]?.trim() || `Column ${index + 1}`);
  return {
    format: 'csv',
    fileName: source.fileName,
    csv: {
      header,
      rows: preview.rows.slice(1, 11),
      mapping: remembered ?? guessCsvMapping(preview.rows, preview.delimiter),
      remembered: remembered !== null,
    },
  };
}
