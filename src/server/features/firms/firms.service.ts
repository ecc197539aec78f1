import {
  type FirmRegistration,
  type FirmRegistrationResult,
  findFirmPlan,
} from '../../../shared/contracts/firms';
import type { User } from '../../../shared/contracts/auth';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { createSession } from '../../platform/sessions';
import { toUserDto } from '../auth/auth.queries';
import { queueWelcomeMail } from '../auth/welcome-mail';
import { type TakenFirmIdentity, findTakenFirmIdentity } from './firms.queries';

const conflictMessages = {
  firmEmail: 'A firm with this email is already registered',
  ownerEmail: 'An account with this owner email already exists',
  ownerUsername: 'Username already exists',
} as const;

/** A 409 naming every taken identifier (the message names the first), or null when all are free. */
export function firmConflict(taken: TakenFirmIdentity): AppError | null {
  const fields: Record<string, string> = {};
  for (const key of ['firmEmail', 'ownerEmail', 'ownerUsername'] as const) {
    if (taken[key]) fields[key] = conflictMessages[key];
  }
  const first = Object.values(fields)[0];
  return first ? new AppError('CONFLICT', first, fields) : null;
}

const blankToNull = (value: string | undefined): string | null =>
  value && value.trim() ? value.trim() : null;

/**
 * Registers an accounting firm: the firm organization (plan, client limit from the plan,
 * specializations) and its owner user, in one transaction so a failure leaves nothing behind.
 * The owner is signed in at once (a session, like a business registration) and gets a welcome
 * mail; nothing is left to confirm by mail.
 */
export async function registerFirm(
  db: Database,
  input: FirmRegistration,
  now: Date,
): Promise<{ result: FirmRegistrationResult; user: User; token: string }> {
  const conflict = firmConflict(await findTakenFirmIdentity(db, input));
  if (conflict) throw conflict;
  const plan = findFirmPlan(input.subscriptionPlan);
  const passwordHash = await hashPassword(input.ownerPassword);
  try {
    return await db.transaction(async (tx) => {
      const [firm] = await tx
        .insert(organizations)
        .values({
          type: 'accounting_firm',
          name: input.firmName,
          email: input.firmEmail,
          phone: blankToNull(input.firmPhone),
          address: blankToNull(input.firmAddress),
          city: blankToNull(input.firmCity),
          state: blankToNull(input.firmState),
          zipCode: blankToNull(input.firmZipCode),
          website: blankToNull(input.website),
          taxId: blankToNull(input.taxId),
          licenseNumber: blankToNull(input.licenseNumber),
          specializations: input.specializations,
          subscriptionPlan: plan.id,
          maxClients: plan.maxClients,
          ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        })
        .returning();
      if (!firm) throw new Error('firm insert returned nothing');
      const [owner] = await tx
        .insert(users)
        .values({
          organizationId: firm.id,
          accountingFirmId: firm.id,
          username: input.ownerUsername,
          email: input.ownerEmail,
          passwordHash,
          firstName: input.ownerFirstName,
          lastName: input.ownerLastName,
          role: 'owner',
          phone: blankToNull(input.ownerPhone),
          jobTitle: blankToNull(input.jobTitle),
          licenseNumber: blankToNull(input.ownerLicenseNumber),
          certifications: input.certifications,
          lastLoginAt: now,
        })
        .returning();
      if (!owner) throw new Error('owner insert returned nothing');
      await writeAudit(tx, {
        organizationId: firm.id,
        userId: owner.id,
        action: 'firm.registered',
        entityType: 'organization',
        entityId: firm.id,
        details: { plan: plan.id, maxClients: plan.maxClients },
      });
      const token = await createSession(tx, owner, now);
      await queueWelcomeMail(tx, owner.id, now);
      const result: FirmRegistrationResult = {
        firm: {
          id: firm.id,
          name: firm.name,
          email: input.firmEmail,
          subscriptionPlan: plan.id,
          maxClients: firm.maxClients,
        },
        owner: { id: owner.id, username: owner.username, email: owner.email },
      };
      return { result, user: toUserDto(owner, firm), token };
    });
  } catch (error) {
    // Two registrations racing for the same identifiers: the unique indexes decide.
    const raced: TakenFirmIdentity = {
      firmEmail: isUniqueViolation(error, 'organizations_email_key'),
      ownerEmail: isUniqueViolation(error, 'users_email_key'),
      ownerUsername: isUniqueViolation(error, 'users_username_key'),
    };
    throw firmConflict(raced) ?? error;
  }
}
