import type { SeedContext } from './seed-context';

/** Customers, invoices and invoice payments: filled in by the receivables work. */
export async function seedReceivables(_context: SeedContext, _options: { invoices: number }): Promise<void> {}
