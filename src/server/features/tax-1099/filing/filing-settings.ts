import { eq } from 'drizzle-orm';
import type { Tax1099Settings } from '../../../../shared/contracts/tax-1099';
import { maskTin, tinDigits } from '../../../../shared/tin';
import type { Database } from '../../../db/client';
import { organizations, tax1099Settings } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';

export interface FilingSettingsInput {
  transmitterControlCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  payerEin: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

/** The payer's filing settings: the TCC and contact, and the organization's own EIN (masked) and address. */
export async function readFilingSettings(db: Database, organizationId: string): Promise<Tax1099Settings> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'Workspace not found');
  const [row] = await db.select().from(tax1099Settings).where(eq(tax1099Settings.organizationId, organizationId));
  const ein = tinDigits(org.taxId ?? '');
  return {
    transmitterControlCode: row?.transmitterControlCode ?? null,
    contactName: row?.contactName ?? null,
    contactPhone: row?.contactPhone ?? null,
    contactEmail: row?.contactEmail ?? null,
    payerEinMasked: ein ? maskTin('ein', ein.slice(-4)) : null,
    address: org.address,
    city: org.city,
    state: org.state,
    zipCode: org.zipCode,
  };
}

/**
 * Saves them with an audit row. The EIN and address are the organization's own fields (the one place
 * they live); a blank EIN keeps the stored one. The audit row names what changed, the EIN by its last four.
 */
export async function saveFilingSettings(db: Database, ctx: { organizationId: string; userId: string }, input: FilingSettingsInput, now: Date): Promise<Tax1099Settings> {
  const { organizationId, userId } = ctx;
  const { payerEin, address, city, state, zipCode, ...settings } = input;
  await db.transaction(async (tx) => {
    await tx
      .insert(tax1099Settings)
      .values({ organizationId, ...settings, updatedAt: now })
      .onConflictDoUpdate({ target: tax1099Settings.organizationId, set: { ...settings, updatedAt: now } });
    await tx
      .update(organizations)
      .set({ address, city, state, zipCode, ...(payerEin ? { taxId: `${payerEin.slice(0, 2)}-${payerEin.slice(2)}` } : {}), updatedAt: now })
      .where(eq(organizations.id, organizationId));
    await writeAudit(tx, {
      organizationId,
      userId,
      action: 'tax_1099.settings_updated',
      entityType: 'tax_1099_settings',
      entityId: organizationId,
      details: { ...settings, address, city, state, zipCode, payerEinLast4: payerEin ? payerEin.slice(-4) : undefined },
    });
  });
  return readFilingSettings(db, organizationId);
}
