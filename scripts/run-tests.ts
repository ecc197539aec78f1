/**
 * `npm test`: type check, lint, unit and API tests (Vitest), browser tests (Playwright), then one
 * closing line "tests: N passed, M failed". `--db-only` runs just the server test files that open a
 * database (used by CI against PostgreSQL with TEST_DATABASE_URL). `--dates` runs the date-sensitive
 * API tests and browser journeys again with every clock (server, tests, browser) at 00:30 UTC today
 * and TZ=America/New_York, where it is still yesterday: "today" must be the organization's day.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dbOnly = process.argv.includes('--db-only');
const dates = process.argv.includes('--dates');
const label = dbOnly ? 'postgres' : dates ? 'dates' : 'all';

// The API tests that put every date field at 00:30 UTC themselves, and those of the payment date
// and dashboard figures; the other API tests run on fixed clocks whatever the hour.
const DATE_API_TESTS = [
  'src/server/platform/organization-days.test.ts',
  'src/server/platform/clock.test.ts',
  'src/server/features/invoices/invoice-payments.test.ts',
  'src/server/features/dashboard/dashboard.test.ts',
  'src/server/features/practice/queue.test.ts',
  // Issue 12: next run days, due schedules, overdue reminders and the hub's figures on the organization's day.
  'src/server/features/recurring-invoices/recurring-invoices.test.ts',
  'src/server/features/recurring-invoices/generate-recurring-invoices.test.ts',
  'src/server/features/recurring-invoices/practice-fee-schedule.test.ts',
  'src/server/features/invoice-reminders/invoice-reminders.test.ts',
  'src/server/features/practice/invoice-hub.test.ts',
  'src/server/features/dashboard/automation-insights.test.ts',
  // Issue 14: the sync scheduler's periods (UTC hours, days, weeks) and the hub's figures across midnight.
  'src/server/features/integrations/integrations.test.ts',
  // Issue 15: the summary tables' overdue split and this month's payments on the organization's day.
  'src/server/platform/summary-totals.test.ts',
  // Issue 31: statement periods and aging, late fee months, autopay due dates and the portal's overdue on the organization's day.
  'src/server/features/statements/statements.test.ts',
  'src/server/features/statements/late-fees.test.ts',
  'src/server/features/portal-payments/autopay.test.ts',
  'src/server/features/portal/portal.test.ts',
  // Issue 32: the tax year's payments by the organization's day, the W-9's signed date, the request season.
  'src/server/features/tax-1099/compute-year.test.ts',
  'src/server/features/tax-1099/tax-1099.test.ts',
  'src/server/features/tax-1099/vendor-form.test.ts',
  'src/server/features/practice/practice-1099.test.ts',
];
const DATE_JOURNEYS = [
  'e2e/dashboard.spec.ts',
  'e2e/invoice-to-cash.spec.ts',
  'e2e/pay-bills.spec.ts',
  'e2e/organization-day.spec.ts',
  'e2e/reports.spec.ts',
  'e2e/invoice-automation.spec.ts',
  'e2e/payment-reminders.spec.ts',
];
// Read by src/server/env.ts (the server), src/server/test/moved-clock.ts and e2e/fixtures.ts.
const clockEnv: Record<string, string> = dates
  ? { FAKE_NOW: `${new Date().toISOString().slice(0, 10)}T00:30:00Z`, TZ: 'America/New_York' }
  : {};
const results = path.resolve('test-results');

/**
 * The server test files that open a database: those that reach src/server/db/client.ts through
 * their relative imports. The others (the document reader's rules, parsers, crypto) give the same
 * answer on any database, so the PostgreSQL run leaves them out.
 */
function databaseTestFiles(): string[] {
  const client = path.resolve('src/server/db/client.ts');
  const testFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return testFiles(full);
      return entry.name.endsWith('.test.ts') ? [full] : [];
    });
  const resolveImport = (from: string, specifier: string): string | null => {
    const base = path.resolve(path.dirname(from), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
  };
  const reachesClient = (file: string, seen: Set<string>): boolean => {
    if (file === client) return true;
    if (seen.has(file)) return false;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target && reachesClient(target, seen)) return true;
    }
    return false;
  };
  return testFiles(path.resolve('src/server'))
    .filter((file) => reachesClient(file, new Set()))
    .map((file) => path.relative(process.cwd(), file));
}
mkdirSync(results, { recursive: true });

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${child.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return child.status === 0;
}

function readJson(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let ok = true;
const vitestJson = path.join(results, `vitest-${label}.json`);
const playwrightJson = path.join(results, dates ? 'playwright-dates.json' : 'playwright.json');

if (!dbOnly && !dates) {
  ok = run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) && ok;
  ok = run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']) && ok;
  if (!ok) failed += 1;
}
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`];
if (dbOnly) vitestArgs.push(...databaseTestFiles());
if (dates) vitestArgs.push(...DATE_API_TESTS);
ok = run('unit and API tests', 'npx', vitestArgs, clockEnv) && ok;
const vitest = readJson(vitestJson);
passed += Number(vitest?.numPassedTests ?? 0);
failed += Number(vitest?.numFailedTests ?? 0) + (vitest ? 0 : 1);

if (!dbOnly) {
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json', ...(dates ? DATE_JOURNEYS : [])], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    ...clockEnv,
  });
  ok = e2eOk && ok;
  const stats = readJson(playwrightJson)?.stats as Record<string, number> | undefined;
  passed += Number(stats?.expected ?? 0) + Number(stats?.flaky ?? 0);
  failed += Number(stats?.unexpected ?? 0) + (stats ? 0 : 1);
}

// A failed step with no failed test (a type error, unhandled errors) still counts as a failure.
if (!ok && failed === 0) failed = 1;
writeFileSync(path.join(results, `summary-${label}.json`), JSON.stringify({ passed, failed, ok }));
console.log(`\ntests (${label}): ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
