import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A secret from the environment, or generated once and kept in DATA_DIR (mode 600). */
export function readOrCreateSecret(dataDir: string, fileName: string, bytes = 32): string {
  const file = path.join(dataDir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(bytes).toString('hex');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return readFileSync(file, 'utf8').trim();
  }
}
