import { eq } from 'drizzle-orm';
import type { PortalSettings, PortalSettingsInput, portalSettingsInput } from '../../../shared/contracts/portal';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { portalSettings } from '../../db/schema';
import { writeAudit } from '../../platform/audit';

type SettingsInput = z.output<typeof portalSettingsInput>;
export type { PortalSettingsInput };

/** What a workspace without a stored row uses (the table's defaults). */
export const DEFAULT_PORTAL_SETTINGS: PortalSettings = { paymentInstructions: null, autopayMaxAttempts: 3, autopayRetryDays: 3 };

export async function readPortalSettings(db: Database, organizationId: string): Promise<PortalSettings> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.organizationId, organizationId)).limit(1);
  if (!row) return { ...DEFAULT_PORTAL_SETTINGS };
  return { paymentInstructions: row.paymentInstructions, autopayMaxAttempts: row.autopayMaxAttempts, autopayRetryDays: row.autopayRetryDays };
}

/** PUT /api/settings/portal: one upsert with its audit row. */
export async function updatePortalSettings(
  db: Database,
  actor: { organizationId: string; userId: string },
  input: SettingsInput,
  now: Date,
): Promise<PortalSettings> {
  const values = {
    paymentInstructions: input.paymentInstructions ?? null,
    autopayMaxAttempts: input.autopayMaxAttempts,
    autopayRetryDays: input.autopayRetryDays,
  };
  await db.transaction(async (tx) => {
    const before = await readPortalSettings(tx, actor.organizationId);
    await tx
      .insert(portalSettings)
      .values({ organizationId: actor.organizationId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: portalSettings.organizationId, set: { ...values, updatedAt: now } });
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'portal_settings.updated',
      entityType: 'organization',
      entityId: actor.organizationId,
      details: { before, after: values },
    });
  });
  return readPortalSettings(db, actor.organizationId);
}
