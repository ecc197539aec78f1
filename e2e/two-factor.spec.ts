import { type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { registerThroughUi } from './support';

const PERIOD_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / PERIOD_MS);

/**
 * A code for a time step the server has not accepted yet: each step signs in once. After one is
 * used, this takes the next step's code, which the server accepts one step early (a phone clock a
 * little ahead); only when that is further ahead than the server allows does it wait.
 */
async function freshCode(
  page: Page,
  secret: string,
  lastUsedStep: number | null,
): Promise<{ code: string; step: number }> {
  const step = Math.max(stepAt(Date.now()), (lastUsedStep ?? -1) + 1);
  while (step > stepAt(Date.now()) + 1) await page.waitForTimeout(1000);
  return {
    code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS }),
    step,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Erin Example/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function signInWithPassword(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('turn on two-factor, then sign in with a code and with a recovery code', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { username, password } = await registerThroughUi(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const toggle = page.getByRole('switch', { name: 'Two-Factor Authentication' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();

  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await dialog.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const recoveryCodes = await dialog
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await page.screenshot({ path: '/tmp/two-factor-enrolment.png' });

  // A wrong code leaves it off and says so under the field.
  const codeInput = dialog.getByLabel('Code from your authenticator app');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  const first = await freshCode(page, secret, null);
  await codeInput.fill(first.code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog.getByText(/That code is not right/)).toBeVisible();
  await codeInput.fill(first.code);
  await dialog.getByRole('button', { name: 'Turn On' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Your security settings have been saved successfully.', { exact: true }),
  ).toBeVisible();
  await expect(toggle).toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('switch', { name: 'Two-Factor Authentication' })).toBeChecked();

  // Password, then the code.
  await signOut(page);
  await signInWithPassword(page, username, password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page).toHaveURL(/\/auth$/);
  await page.screenshot({ path: '/tmp/two-factor-code-step.png' });
  const second = await freshCode(page, secret, first.step);
  await codeField.fill(second.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Logged in as Erin Example', { exact: true })).toBeVisible();

  // Password, then a recovery code; the same recovery code is refused the next time.
  await signOut(page);
  await signInWithPassword(page, username, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.screenshot({ path: '/tmp/two-factor-recovery-step.png' });
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await signInWithPassword(page, username, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid authentication code').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('new recovery codes, and turning two-factor off asks for the password (or a code)', async ({
  page,
}) => {
  const { username, password } = await registerThroughUi(page);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
  const enrol = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  const secret = ((await enrol.getByLabel('Setup key').textContent()) ?? '').replace(/\s+/g, '');
  const enabled = await freshCode(page, secret, null);
  await enrol.getByLabel('Code from your authenticator app').fill(enabled.code);
  await enrol.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByRole('switch', { name: 'Two-Factor Authentication' })).toBeChecked();

  // New recovery codes for a current code.
  await page.getByRole('button', { name: 'New Recovery Codes' }).click();
  const regenerate = page.getByRole('dialog', { name: 'New recovery codes' });
  await regenerate
    .getByLabel('Code from your authenticator app')
    .fill((await freshCode(page, secret, enabled.step)).code);
  await regenerate.getByRole('button', { name: 'Replace Codes' }).click();
  await expect(
    regenerate.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.screenshot({ path: '/tmp/two-factor-new-codes.png' });
  await regenerate.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('switch', { name: 'Two-Factor Authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor authentication' });
  await dialog.getByLabel('Or your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await page.screenshot({ path: '/tmp/two-factor-disable.png' });
  await dialog.getByLabel('Or your password').fill(password);
  await dialog.getByRole('button', { name: 'Turn Off' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('switch', { name: 'Two-Factor Authentication' })).not.toBeChecked();

  // The password alone signs in again.
  const response = await page.request.post('/api/login', { data: { username, password } });
  expect(await response.json()).toMatchObject({ username });
});
