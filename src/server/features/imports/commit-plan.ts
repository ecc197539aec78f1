import type { Database } from '../../db/client';
import { customers, externalRecords } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { createBill } from '../bills/bills.service';
import { customerValues } from '../customers/customers.queries';
import { createInvoice } from '../invoices/invoices.service';
import { createVendor } from '../vendors/vendors.service';
import type { Operation, PartyRef, Plan } from './build-plan';
import type { ImportActor } from './imports.service';

const BATCH = 1000;
const CUSTOMER_BATCH = 500;
/** Records created one by one (vendors, invoices, bills) between two progress reports and abort checks. */
const PROGRESS_EVERY = 200;

export interface CommitOptions {
  encryptionKey: Buffer;
  now: Date;
  /** Told the records written so far of the plan's total, after each batch (the job's progress). */
  onProgress?: (done: number, total: number) => Promise<void>;
  /** Checked between batches: an aborted commit throws, so its transaction rolls back. */
  signal?: AbortSignal | undefined;
}

export class CommitAbortedError extends Error {
  constructor() {
    super('import commit stopped before it finished (shutdown): nothing was written');
  }
}

async function betweenBatches(options: CommitOptions, done: number, total: number): Promise<void> {
  if (options.signal?.aborted) throw new CommitAbortedError();
  await options.onProgress?.(done, total);
}

type CustomerOperation = Extract<Operation, { kind: 'customer' }>;

/**
 * Customers in batches of 500 rows: the same contract checked them and customerValues (what
 * createCustomer stores) makes their columns; createCustomer's own checks (email taken) were made by
 * the plan against the records as they are inside this transaction, and the unique index still
 * guards a race. Customers carry no money or approval state, so, as in createCustomer, no audit row.
 */
async function insertCustomers(
  tx: Database,
  actor: ImportActor,
  operations: CustomerOperation[],
  refs: Map<string, string>,
  progress: (done: number) => Promise<void>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < operations.length; start += CUSTOMER_BATCH) {
    const batch = operations.slice(start, start + CUSTOMER_BATCH);
    let rows: { id: string; email: string }[];
    try {
      rows = await tx
        .insert(customers)
        .values(batch.map((operation) => ({ ...customerValues(operation.input), organizationId: actor.organizationId, userId: actor.userId })))
        .returning({ id: customers.id, email: customers.email });
    } catch (error) {
      if (isUniqueViolation(error, 'customers_org_email_key')) {
        throw new AppError('CONFLICT', 'A customer of the file was added meanwhile with the same email: upload the file again');
      }
      throw error;
    }
    const byEmail = new Map(rows.map((row) => [row.email, row.id]));
    for (const operation of batch) {
      const id = byEmail.get(operation.input.email);
      if (!id) throw new Error('import: customer insert returned no row for an email');
      refs.set(`customer|${operation.ref}`, id);
      ids.push(id);
    }
    await progress(ids.length);
  }
  return ids;
}

function partyId(refs: Map<string, string>, kind: 'customer' | 'vendor', party: PartyRef): string {
  if ('id' in party) return party.id;
  const id = refs.get(`${kind}|${party.ref}`);
  if (!id) throw new Error(`import: ${kind} ${party.ref} was not created before its documents`);
  return id;
}

async function apply(tx: Database, actor: ImportActor, operation: Operation, refs: Map<string, string>, options: CommitOptions): Promise<string> {
  switch (operation.kind) {
    case 'customer':
      throw new Error('import: customers are inserted in batches (insertCustomers)');
    case 'vendor': {
      const vendor = await createVendor(tx, actor, operation.input, options.encryptionKey);
      refs.set(`vendor|${operation.ref}`, vendor.id);
      return vendor.id;
    }
    case 'invoice': {
      // Imported invoices are drafts: nothing is mailed; the user sends them when ready.
      const customerId = partyId(refs, 'customer', operation.customer);
      const invoice = await createInvoice(tx, actor, { ...operation.input, status: 'draft', customerId }, options.now);
      return invoice.id;
    }
    case 'bill': {
      // Imported bills are received and go through the approval rules like any new bill.
      const vendorId = partyId(refs, 'vendor', operation.vendor);
      const bill = await createBill(tx, actor, { ...operation.input, status: 'received', vendorId }, options.now);
      return bill.id;
    }
  }
}

/**
 * Inside the commit's transaction: creates the plan's records through the same service functions
 * as the create routes (numbers, totals, audit rows, approval rounds), customers and vendors before
 * the documents that name them, and records each in external_records. Any failure throws, naming
 * the file's row, and the caller's transaction takes everything back.
 */
export async function commitPlan(tx: Database, actor: ImportActor, plan: Plan, options: CommitOptions): Promise<Record<string, number>> {
  const refs = new Map<string, string>();
  const total = plan.operations.length;
  const created: { entity: string; externalId: string; internalId: string }[] = [];
  const counts: Record<string, number> = {};
  const newCustomers = plan.operations.filter((operation): operation is CustomerOperation => operation.kind === 'customer');
  const customerIds = await insertCustomers(tx, actor, newCustomers, refs, (done) => betweenBatches(options, done, total));
  newCustomers.forEach((operation, index) => created.push({ entity: 'customer', externalId: operation.externalId, internalId: customerIds[index] ?? '' }));
  if (newCustomers.length > 0) counts.customersCreated = newCustomers.length;
  const ordered = plan.operations.filter((operation) => operation.kind !== 'customer').sort((a, b) => rank(a) - rank(b));
  for (const [index, operation] of ordered.entries()) {
    if (index > 0 && index % PROGRESS_EVERY === 0) await betweenBatches(options, newCustomers.length + index, total);
    let internalId: string;
    try {
      internalId = await apply(tx, actor, operation, refs, options);
    } catch (error) {
      if (error instanceof AppError) throw new AppError(error.code, `Row ${operation.row}: ${error.message}`, error.fields);
      throw error;
    }
    created.push({ entity: operation.kind, externalId: operation.externalId, internalId });
    const key = `${operation.kind}sCreated`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  if (options.signal?.aborted) throw new CommitAbortedError();
  try {
    for (let start = 0; start < created.length; start += BATCH) {
      const batch = created.slice(start, start + BATCH).map((record) => ({ ...record, organizationId: actor.organizationId, source: 'import' }));
      await tx.insert(externalRecords).values(batch);
    }
  } catch (error) {
    if (isUniqueViolation(error, 'external_records_key_idx')) {
      throw new AppError('CONFLICT', 'Another import of the same records was committed at the same time: upload the file again');
    }
    throw error;
  }
  return { created: plan.summary.created ?? 0, matched: plan.summary.matched ?? 0, ...counts };
}

const rank = (operation: Operation) => (operation.kind === 'customer' || operation.kind === 'vendor' ? 0 : 1);
