import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * The client's first-load JavaScript, gzip, read from the build's manifest (`vite build` writes
 * dist/client/.vite/manifest.json). A page's first load is the entry chunk, the lazy chunks its
 * route loads before it can render (router.tsx: providers, shell, page), and every chunk those
 * import statically. Budgets (issue 15): landing <= 120 KB, signed-in dashboard <= 170 KB.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const MANIFEST = path.join(CLIENT_DIR, '.vite/manifest.json');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The route modules each page loads before it renders (keys of the manifest: paths under src/client). */
export const FIRST_LOADS = [
  { name: 'landing /', budgetKb: 120, modules: ['marketing/components/content-page.tsx', 'marketing/content/landing.ts'] },
  {
    name: 'signed in /dashboard',
    budgetKb: 170,
    modules: ['app/app-providers.tsx', 'app/app-shell.tsx', 'features/dashboard/dashboard-page.tsx'],
  },
  { name: 'signed in /invoices', budgetKb: 170, modules: ['app/app-providers.tsx', 'app/app-shell.tsx', 'features/invoices/invoices-page.tsx'] },
] as const;

function closure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** Manifest key of a source module: the path relative to the client root, with whatever extension it has. */
function keyOf(manifest: Record<string, Chunk>, module: string): string {
  if (manifest[module]) return module;
  const stem = module.replace(/\.tsx?$/, '');
  const key = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === stem);
  if (!key) throw new Error(`${module} is not in the build manifest (renamed? update bench/bundle.ts)`);
  return key;
}

export function measureFirstLoads(): { name: string; budgetKb: number; gzipKb: number; files: { file: string; gzipKb: number }[] }[] {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
  // The staff app's entry; portal.html is the customer portal's own (issue 31).
  const entry = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the build manifest');
  const gzipCache = new Map<string, number>();
  const gzipKb = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(CLIENT_DIR, file))).length / 1024;
      gzipCache.set(file, size);
    }
    return size;
  };
  return FIRST_LOADS.map((page) => {
    const keys = closure(manifest, [entry, ...page.modules.map((module) => keyOf(manifest, module))]);
    const files = [...keys]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipKb: gzipKb(file) }))
      .sort((a, b) => b.gzipKb - a.gzipKb);
    return { name: page.name, budgetKb: page.budgetKb, gzipKb: files.reduce((sum, f) => sum + f.gzipKb, 0), files };
  });
}

export async function benchBundle(): Promise<void> {
  if (!existsSync(MANIFEST)) {
    console.log('\nBundle: no dist/client/.vite/manifest.json; run `npx vite build` first (the manifest is on in vite.config.ts).');
    return;
  }
  console.log('\nFirst-load JavaScript (gzip), from dist/client/.vite/manifest.json');
  for (const page of measureFirstLoads()) {
    const verdict = page.gzipKb <= page.budgetKb ? 'ok' : 'OVER';
    console.log(`${page.name.padEnd(24)} ${page.gzipKb.toFixed(1).padStart(7)} KB  budget ${page.budgetKb} KB  ${verdict}`);
    for (const file of page.files.slice(0, 6)) console.log(`    ${file.file.padEnd(50)} ${file.gzipKb.toFixed(1).padStart(7)} KB`);
  }
}
