import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './create-test-app';

/** Every .eml the test app wrote (no SMTP_URL in tests), oldest first, as written. */
export function readOutbox(t: Pick<TestApp, 'dataDir'>): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/** The outbox with quoted-printable soft breaks and escapes undone, for reading message text. */
export function readMails(t: Pick<TestApp, 'dataDir'>): string[] {
  return readOutbox(t).map((mail) =>
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}
