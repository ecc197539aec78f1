import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

interface Lock {
  packages: Record<string, { version?: string; link?: boolean }>;
}
interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/**
 * Packages we depend on directly that the lock may hold in a second major version, each with why
 * (docs/decisions/0017-lighter-dependencies.md). Anything else installed twice fails this test.
 */
const allowedSecondMajors: Record<string, { versions: string[]; why: string }> = {
  saxes: {
    versions: ['5', '6'],
    why: "exceljs 4.4 (its latest release) requires saxes ^5 for its XLSX reader; ours (XML e-invoices) is 6. Forcing 6 on exceljs would change the parser under its reader.",
  },
  '@types/node': {
    versions: ['14', '20'],
    why: "Type declarations pinned by exceljs's @fast-csv packages; never loaded at run time and not seen by our tsc (skipLibCheck).",
  },
};

/** The semver major: the first non-zero part (0.1.x and 0.2.x are as incompatible as 1 and 2). */
function majorOf(version: string): string {
  const [major = '0', minor = '0', patch = '0'] = version.split(/[.+-]/);
  if (major !== '0') return major;
  return minor !== '0' ? `0.${minor}` : `0.0.${patch}`;
}

function installedMajors(lock: Lock): Map<string, Set<string>> {
  const majors = new Map<string, Set<string>>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const at = key.lastIndexOf('node_modules/');
    if (at < 0 || !entry.version || entry.link) continue;
    const name = key.slice(at + 'node_modules/'.length);
    const set = majors.get(name) ?? new Set<string>();
    set.add(majorOf(entry.version));
    majors.set(name, set);
  }
  return majors;
}

describe('the dependency tree', () => {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
  const direct = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  const majors = installedMajors(lock);

  it('holds one major version of each package we depend on directly, apart from the explained ones', () => {
    const twice = direct
      .map((name) => ({ name, versions: [...(majors.get(name) ?? [])].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b)) }))
      .filter((entry) => entry.versions.length > 1);
    expect(twice).toEqual(
      Object.entries(allowedSecondMajors)
        .filter(([name]) => direct.includes(name))
        .map(([name, allowed]) => ({ name, versions: allowed.versions }))
        .sort((a, b) => direct.indexOf(a.name) - direct.indexOf(b.name)),
    );
  });

  it('keeps out the packages that were dropped, so they do not come back through a new dependency', () => {
    // intuit-oauth and xero-node (fetch does their calls), the axios and winston they brought,
    // archiver 8 (JSZip, which exceljs brings, writes our zips) and pdfjs's second native canvas.
    for (const dropped of ['intuit-oauth', 'xero-node', 'axios', 'winston', '@types/archiver']) expect(majors.has(dropped), dropped).toBe(false);
    expect([...(majors.get('archiver') ?? [])]).toEqual(['5']);
    expect([...(majors.get('@napi-rs/canvas') ?? [])]).toEqual([majorOf(manifest.dependencies?.['@napi-rs/canvas']?.replace(/^\D+/, '') ?? '')]);
  });
});
