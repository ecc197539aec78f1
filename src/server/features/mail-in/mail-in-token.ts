import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import type { AppConfig } from '../../config';
import { isUniqueViolation } from '../../platform/errors';

/** 24 lower-case hex characters (96 random bits): a workspace's address cannot be guessed. */
export function newMailInToken(): string {
  return randomBytes(12).toString('hex');
}

/** The local part the receiver takes: bills+<token>, the token as made by newMailInToken (or a little longer). */
const LOCAL_PART = /^bills\+([a-z0-9]{16,64})$/;

/** The token of a recipient address of the right shape on our domain, or null (the RCPT is refused). */
export function tokenFromRecipient(address: string, domain: string): string | null {
  const normalized = address.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0 || normalized.slice(at + 1) !== domain.toLowerCase()) return null;
  return LOCAL_PART.exec(normalized.slice(0, at))?.[1] ?? null;
}

export function mailInDomain(config: Pick<AppConfig, 'mailIn' | 'appUrl'>): string {
  return config.mailIn?.domain ?? new URL(config.appUrl).hostname.toLowerCase();
}

export function mailInAddress(token: string, domain: string): string {
  return `bills+${token}@${domain}`;
}

/** The workspace's token, made on first use (two requests at once both end with the one stored). */
export async function ensureMailInToken(db: Database, organizationId: string): Promise<string> {
  const [existing] = await db.select({ token: organizations.mailInToken }).from(organizations).where(eq(organizations.id, organizationId));
  if (existing?.token) return existing.token;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await db
        .update(organizations)
        .set({ mailInToken: newMailInToken() })
        .where(and(eq(organizations.id, organizationId), isNull(organizations.mailInToken)));
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === 2) throw error;
    }
  }
  const [row] = await db.select({ token: organizations.mailInToken }).from(organizations).where(eq(organizations.id, organizationId));
  if (!row?.token) throw new Error('Mail-in token was not stored');
  return row.token;
}

/** The workspace a token belongs to, with its allow-list. */
export async function findOrganizationByMailInToken(
  db: Database,
  token: string,
): Promise<{ id: string; allowedSenders: string[] } | null> {
  const [row] = await db
    .select({ id: organizations.id, allowedSenders: organizations.mailInAllowedSenders })
    .from(organizations)
    .where(eq(organizations.mailInToken, token));
  return row ?? null;
}
