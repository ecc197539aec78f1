import { expect, test } from '@playwright/test';
import { readOutbox, uniqueName } from './support';

/** Undoes quoted-printable soft line breaks and escapes in an .eml file. */
const decoded = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test('forgot password: request a link from /auth, set a new password from the mail, sign in with it', async ({ page }) => {
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { username, email, password: 'correct horse 1', firstName: 'Rita', lastName: 'Reset' },
  });
  expect(registered.status()).toBe(201);
  await page.request.post('/api/logout');

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await expect(page.locator('h1')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.screenshot({ path: '/tmp/reset-request.png' });
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: "If an account exists for that email, we've sent a link to reset the password." })).toBeVisible();
  await page.screenshot({ path: '/tmp/reset-requested.png' });

  let link = '';
  await expect(async () => {
    // The reset mail, not the welcome mail that registering also sent to this address.
    const mails = (await readOutbox(page)).map(decoded).filter((text) => text.includes(`To: ${email}`));
    link = mails.map((text) => /https?:\/\/\S+\/auth\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0]).find(Boolean) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const { pathname, search } = new URL(link);

  await page.goto(pathname + search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await expect(page.locator('h1')).toHaveCount(1);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('shorter');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('New password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a fresh password 2');
  await page.getByLabel('Confirm new password').fill('a fresh password 2');
  await page.screenshot({ path: '/tmp/reset-new-password.png' });
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed. Sign in with your new password.' })).toBeVisible();
  await page.screenshot({ path: '/tmp/reset-done.png' });

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('correct horse 1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();
  await page.getByLabel('Password').fill('a fresh password 2');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.request.post('/api/logout');
  await page.goto(pathname + search);
  await page.getByLabel('New password', { exact: true }).fill('another password 3');
  await page.getByLabel('Confirm new password').fill('another password 3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Request a new one.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await page.screenshot({ path: '/tmp/reset-invalid.png' });
});
