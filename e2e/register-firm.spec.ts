import { type Page, expect, test } from '@playwright/test';
import { readOutbox, uniqueName } from './support';

async function fillFirmStep(page: Page, name: string): Promise<void> {
  await page.getByLabel('Firm name').fill('Harbor CPA');
  await page.getByLabel('Firm email').fill(`${name}@harbor.example`);
  await page.getByLabel('Phone').fill('555-0100');
  await page.getByLabel('Website').fill('https://harbor.example');
  await page.getByLabel('City').fill('Boston');
  await page.getByRole('checkbox', { name: 'Tax Preparation' }).click();
  await page.getByRole('checkbox', { name: 'Bookkeeping' }).click();
}

async function fillOwnerStep(page: Page, name: string, password: string): Promise<void> {
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Whitfield');
  await page.locator('input[name="ownerEmail"]').fill(`${name}.owner@harbor.example`);
  await page.getByLabel('Job title').fill('Managing Partner');
  await page.getByRole('checkbox', { name: /^CPA/ }).click();
  await page.getByLabel('Username').fill(name);
  await page.locator('input[name="ownerPassword"]').fill(password);
  await page.getByLabel('Confirm password').fill(password);
}

const stepHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 4/ });

test('each step is checked before Next with the spec messages', async ({ page }) => {
  await page.goto('/register-firm');
  await expect(stepHeading(page)).toHaveText('Step 1 of 4: Firm Info');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Firm name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Step 1 of 4: Firm Info');

  const name = uniqueName('firm');
  await fillFirmStep(page, name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page)).toHaveText('Step 2 of 4: Owner Info');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Last name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await fillOwnerStep(page, name, 'harbor-secret');
  await page.getByLabel('Confirm password').fill('harbor-secreX');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Step 2 of 4: Owner Info');

  // Previous keeps what was typed.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel('Firm name')).toHaveValue('Harbor CPA');
});

test('a firm registers, its owner is signed in at once and mailed a welcome, and a later sign-in says Welcome back', async ({
  page,
}) => {
  const name = uniqueName('firm');
  const password = 'harbor-secret';
  await page.goto('/register-firm');
  await fillFirmStep(page, name);
  await page.getByRole('button', { name: 'Next' }).click();
  await fillOwnerStep(page, name, password);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page)).toHaveText('Step 3 of 4: Plan');
  await expect(page.getByRole('radio', { name: /Professional/ })).toBeChecked();
  await expect(page.getByText('$149')).toBeVisible();
  await expect(page.getByText('Up to 200 clients')).toBeVisible();
  await page.getByText('Enterprise').click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(stepHeading(page)).toHaveText('Step 4 of 4: Review');
  const summary = page.locator('dl').first();
  await expect(summary).toContainText('Harbor CPA');
  await expect(summary).toContainText('Enterprise');
  await expect(summary).toContainText('Tax Preparation, Bookkeeping');
  await expect(summary).toContainText('Dana Whitfield');
  await expect(summary).toContainText(name);
  await expect(summary).toContainText('CPA');
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await page.getByRole('checkbox', { name: /I agree/ }).click();
  await expect(create).toBeEnabled();
  await create.click();

  // Registered and signed in at once: no "check your email", and the owner lands in My Practice.
  await expect(page.getByText('Registration Successful!', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      `Harbor CPA is registered and you are signed in. A welcome email with your sign-in details is on its way to ${name}.owner@harbor.example.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText(/check your email/i)).toHaveCount(0);
  await expect(page).toHaveURL(/\/practice$/);
  const me = await page.request.get('/api/user');
  expect(await me.json()).toMatchObject({
    username: name,
    role: 'owner',
    organizationType: 'accounting_firm',
    organizationName: 'Harbor CPA',
  });
  await page.screenshot({ path: '/tmp/pdfs-register-firm-done.png' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/pdfs-register-firm-done-375.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  // The welcome mail the toast promised is really sent, once.
  await expect
    .poll(
      async () =>
        (await readOutbox(page)).filter(
          (mail) =>
            mail.includes(`To: ${name}.owner@harbor.example`) &&
            mail.includes('Subject: Welcome to Signal AR'),
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1);

  // Signing in again later is a return: 'Welcome back!'.
  await page.getByRole('button', { name: /Dana Whitfield/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
});

test('a taken owner username is named and the wizard returns to the owner step', async ({
  page,
}) => {
  const name = uniqueName('firm');
  const first = await page.request.post('/api/accounting-firms/register', {
    data: {
      firmName: 'First Firm',
      firmEmail: `${name}-first@harbor.example`,
      ownerFirstName: 'Ann',
      ownerLastName: 'First',
      ownerEmail: `${name}-first.owner@harbor.example`,
      ownerUsername: name,
      ownerPassword: 'harbor-secret',
      confirmPassword: 'harbor-secret',
      agreeToTerms: true,
    },
  });
  expect(first.status()).toBe(201);

  await page.goto('/register-firm');
  await fillFirmStep(page, `${name}-second`);
  await page.getByRole('button', { name: 'Next' }).click();
  await fillOwnerStep(page, name, 'harbor-secret');
  await page.locator('input[name="ownerEmail"]').fill(`${name}-second.owner@harbor.example`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /I agree/ }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration Failed', { exact: true })).toBeVisible();
  await expect(stepHeading(page)).toHaveText('Step 2 of 4: Owner Info');
  await expect(page.getByText('Username already exists').last()).toBeVisible();
  await expect(page).toHaveURL(/\/register-firm$/);
});
