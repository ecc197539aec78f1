import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Download, type Page, expect, test } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The app's CSP forbids inline scripts, which is how axe is injected; the page's own code is unchanged.
test.use({ bypassCSP: true });

const publicRoutes = [
  '/',
  '/marketing',
  '/ar-solutions',
  '/case-studies',
  '/practice-management',
  '/features',
  '/pricing',
  '/about',
  '/signal-ecosystem',
  '/learnsignal-integration',
  '/signal-os-integration',
  '/signal-resource-integration',
  '/logo-assets',
  '/demo',
  '/contact',
  '/register-firm',
];

/** Collects console errors and failed requests for the whole test. */
function watch(page: Page): { errors: string[]; failed: string[] } {
  const seen = { errors: [] as string[], failed: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('requestfailed', (request) =>
    seen.failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) seen.failed.push(`${response.url()} ${response.status()}`);
  });
  return seen;
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

for (const route of publicRoutes) {
  test(`${route} renders one heading, a title and description, and passes axe`, async ({
    page,
  }) => {
    const seen = watch(page);
    await page.goto(route);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).not.toBeEmpty();
    await expect(page.getByRole('link', { name: 'Signal AR home' })).toHaveAttribute('href', '/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Back to Home' }),
    ).toHaveAttribute('href', '/');
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toMatch(/Signal AR/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /.{40,}/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(seen.errors).toEqual([]);
    expect(seen.failed).toEqual([]);
  });
}

test('an unknown path shows the 404 page', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page).toHaveTitle(/404 Page Not Found/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('the header offers Try Free, or on partner pages a Visit link opening a new tab safely', async ({
  page,
}) => {
  await page.goto('/features');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Try Free' })).toHaveAttribute(
    'href',
    '/register-firm',
  );
  for (const route of [
    '/learnsignal-integration',
    '/signal-os-integration',
    '/signal-resource-integration',
  ]) {
    await page.goto(route);
    const visit = page.getByRole('banner').getByRole('link', { name: /^Visit/ });
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(visit).toHaveAttribute('href', /^https:\/\//);
  }
});

test('the pricing toggle applies the annual discount and keeps custom plans custom', async ({
  page,
}) => {
  await page.goto('/pricing');
  const professional = page.getByTestId('price-Professional');
  const enterprise = page.getByTestId('price-Enterprise');
  await expect(page.getByRole('button', { name: 'Monthly' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('price-Starter')).toContainText('Free');
  await expect(professional).toContainText('$89');
  await expect(enterprise).toContainText('$249');
  await expect(page.getByTestId('price-Scale')).toContainText('Custom');

  await page.getByRole('button', { name: 'Annual' }).click();
  await expect(page.getByRole('button', { name: 'Annual' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(professional).toContainText('$71.20');
  await expect(professional).toContainText('billed annually');
  await expect(enterprise).toContainText('Custom');
  await expect(page.getByTestId('price-Scale')).toContainText('Custom');
  await expect(page.getByTestId('price-Starter')).toContainText('Free');

  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(professional).toContainText('$89');

  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(main.getByRole('link', { name: 'Start Trial' })).toHaveAttribute(
    'href',
    '/register-firm',
  );
  await expect(main.getByRole('link', { name: 'Start Free' })).toHaveAttribute(
    'href',
    '/register-firm',
  );
  await expect(main.getByRole('link', { name: 'Try Free' }).first()).toHaveAttribute(
    'href',
    '/register-firm',
  );
  await expect(main.getByRole('link', { name: 'Schedule Demo' }).first()).toHaveAttribute(
    'href',
    '/demo',
  );
  await expect(page.getByRole('group', { name: 'Billing period' })).toBeVisible();
  await expect(page.locator('details')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Add-ons' })).toBeVisible();
  for (const addOn of ['$29', '$49', '$99', '$199']) {
    await expect(main).toContainText(addOn);
  }
});

async function parseSvg(
  page: Page,
  text: string,
): Promise<{ root: string; width: string | null; height: string | null; error: boolean }> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    return {
      root: doc.documentElement.nodeName,
      width: doc.documentElement.getAttribute('width'),
      height: doc.documentElement.getAttribute('height'),
      error: doc.getElementsByTagName('parsererror').length > 0,
    };
  }, text);
}

test('each logo download produces a real SVG or JSON file', async ({ page }) => {
  await page.goto('/logo-assets');
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }),
  ).toHaveCount(6);

  // One logo.
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download ACCA SVG' }).click(),
  ]);
  expect(single.suggestedFilename()).toBe('acca-wordmark.svg');
  const singleSvg = await parseSvg(page, readFileSync(await single.path(), 'utf8'));
  expect(singleSvg).toMatchObject({ root: 'svg', height: '80', error: false });

  // All logos, one every 200 ms.
  const downloads: Download[] = [];
  const allArrived = new Promise<void>((resolve) => {
    page.on('download', (download) => {
      downloads.push(download);
      if (downloads.length === 6) resolve();
    });
  });
  const started = Date.now();
  await page.getByRole('button', { name: 'Download all logos (SVG)' }).click();
  await allArrived;
  expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 200);
  page.removeAllListeners('download');
  const files = downloads.map((download) => download.suggestedFilename());
  for (const download of downloads) {
    const parsed = await parseSvg(page, readFileSync(await download.path(), 'utf8'));
    expect(parsed).toMatchObject({ root: 'svg', height: '80', error: false });
  }
  expect(files.sort()).toEqual([
    'acca-wordmark.svg',
    'aicpa-wordmark.svg',
    'cima-wordmark.svg',
    'learnsignal-logo.svg',
    'signal-os-logo.svg',
    'signal-resource-logo.svg',
  ]);

  // The sprite: one SVG holding all six, side by side.
  const [sprite] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download sprite' }).click(),
  ]);
  const spriteText = readFileSync(await sprite.path(), 'utf8');
  expect(await parseSvg(page, spriteText)).toMatchObject({
    root: 'svg',
    height: '80',
    error: false,
  });
  expect(spriteText.match(/<svg id=/g)).toHaveLength(6);

  // The manifest: the spec's logo entity for each, with the standards.
  const [manifest] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download manifest (JSON)' }).click(),
  ]);
  expect(manifest.suggestedFilename()).toBe('signal-logos-manifest.json');
  const json = JSON.parse(readFileSync(await manifest.path(), 'utf8')) as {
    standards: Record<string, number>;
    logos: {
      fileName: string;
      trueHeight: number;
      capHeight: number;
      horizontalPadding: number;
      trueWidth: number;
      contentWidth: number;
    }[];
  };
  expect(json.standards).toEqual({ capHeight: 60, artboardHeight: 80, horizontalPadding: 20 });
  expect(json.logos).toHaveLength(6);
  for (const logo of json.logos) {
    expect(logo).toMatchObject({ trueHeight: 80, capHeight: 60, horizontalPadding: 20 });
    expect(logo.trueWidth).toBe(logo.contentWidth + 40);
  }
});

test('a demo request is sent and confirmed on screen', async ({ page }) => {
  await page.goto('/demo');
  await page.getByRole('button', { name: 'Request demo' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Please enter a valid work email')).toBeVisible();
  await page.getByLabel('Your name').fill('Dana Whitfield');
  await page.getByLabel('Work email').fill('dana@harbor.example');
  await page.getByLabel('Firm or company').fill('Harbor CPA');
  await page
    .getByLabel('What would you like to see?')
    .fill('Reminders and the multi-client dashboard, please.');
  await page.getByRole('button', { name: 'Request demo' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you, we have your request' }),
  ).toBeVisible();
});
