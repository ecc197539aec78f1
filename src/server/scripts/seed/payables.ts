import type { SeedContext } from './seed-context';

/** Vendors, bills, approvals, bank accounts and bill payments: filled in by the payables work. */
export async function seedPayables(_context: SeedContext): Promise<void> {}
