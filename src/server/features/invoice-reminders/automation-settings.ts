import { eq } from 'drizzle-orm';
import { type AutomationSettings, automationSettingsSchema, defaultReminderDays } from '../../../shared/contracts/invoice-reminders';
import type { PartialBody } from '../../../shared/contracts/common';
import type { Database } from '../../db/client';
import { automationSettings } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { mergeUpdate } from '../../platform/partial-update';

type SettingsRow = typeof automationSettings.$inferSelect;

const defaults: AutomationSettings = { sendReminders: true, reminderDays: [...defaultReminderDays], autoRecurring: false, recurringFrequency: null };

function toSettings(row: SettingsRow | undefined): AutomationSettings {
  if (!row) return { ...defaults, reminderDays: [...defaults.reminderDays] };
  const frequency = automationSettingsSchema.shape.recurringFrequency.safeParse(row.recurringFrequency);
  return {
    sendReminders: row.sendReminders,
    reminderDays: [...row.reminderDays].sort((a, b) => a - b),
    autoRecurring: row.autoRecurring,
    recurringFrequency: frequency.success ? frequency.data : null,
  };
}

/** The organization's reminders and recurring defaults; an organization without a row has the defaults (on, 7, 14, 30). */
export async function readAutomationSettings(db: Database, organizationId: string): Promise<AutomationSettings> {
  const [row] = await db.select().from(automationSettings).where(eq(automationSettings.organizationId, organizationId)).limit(1);
  return toSettings(row);
}

/**
 * Partial update of the organization's automation settings, with its audit row, in one
 * transaction. Days are stored sorted; recurringFrequency is cleared while recurring is off.
 */
export async function updateAutomationSettings(
  db: Database,
  actor: { organizationId: string; userId: string },
  body: PartialBody,
  now: Date,
): Promise<AutomationSettings> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(automationSettings)
      .where(eq(automationSettings.organizationId, actor.organizationId))
      .for('update')
      .limit(1);
    const before = toSettings(stored);
    const merged = mergeUpdate(automationSettingsSchema, { ...before }, body);
    const values = {
      sendReminders: merged.sendReminders,
      reminderDays: [...merged.reminderDays].sort((a, b) => a - b),
      autoRecurring: merged.autoRecurring,
      recurringFrequency: merged.autoRecurring ? (merged.recurringFrequency ?? 'monthly') : null,
      updatedAt: now,
    };
    await tx
      .insert(automationSettings)
      .values({ organizationId: actor.organizationId, ...values })
      .onConflictDoUpdate({ target: automationSettings.organizationId, set: values });
    const after = { sendReminders: values.sendReminders, reminderDays: values.reminderDays, autoRecurring: values.autoRecurring, recurringFrequency: values.recurringFrequency };
    await writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      action: 'automation_settings.updated',
      entityType: 'organization',
      entityId: actor.organizationId,
      details: { before, after },
    });
    return after;
  });
}
