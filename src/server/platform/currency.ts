import { eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY } from '../../shared/currencies';
import type { Database } from '../db/client';
import { organizations } from '../db/schema';

/**
 * The currency an organization's amounts are in: organizations.currency (invoice_settings.currency
 * is a copy made with the settings row; the user's currency only chooses how the UI shows amounts).
 * Its ISO 4217 exponent is the scale of every amount the organization stores (shared/money.ts).
 */
export async function organizationCurrency(db: Database, organizationId: string): Promise<string> {
  const [row] = await db.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.currency ?? DEFAULT_CURRENCY;
}
