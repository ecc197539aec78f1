import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { integrations } from '../../../db/schema';
import { decryptSecret, encryptSecret } from '../../../platform/encryption';
import type { Integration } from '../provider';

/**
 * How an integration's secrets are kept: `integrations.secrets_encrypted` is the AES-256-GCM
 * encryption (platform/encryption.ts) of their JSON. The hub stores prepareConnect's secrets this
 * way; the connectors' own routes and workers (webhook worker, OAuth callback) read and write them
 * with these two functions.
 */
export function encryptIntegrationSecrets(key: Buffer, secrets: Record<string, unknown>): string {
  return encryptSecret(key, JSON.stringify(secrets));
}

export function decryptIntegrationSecrets(key: Buffer, stored: string | null): Record<string, unknown> {
  if (!stored) return {};
  const parsed: unknown = JSON.parse(decryptSecret(key, stored));
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** Stores new secrets on the integration (e.g. refreshed OAuth tokens). */
export async function saveIntegrationSecrets(db: Database, key: Buffer, integration: Pick<Integration, 'id' | 'organizationId'>, secrets: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .update(integrations)
    .set({ secretsEncrypted: encryptIntegrationSecrets(key, secrets), updatedAt: now })
    .where(and(eq(integrations.id, integration.id), eq(integrations.organizationId, integration.organizationId)));
}
