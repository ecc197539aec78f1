import { expect, test } from '@playwright/test';
import { readOutbox, registerThroughUi, uniqueName } from './support';

/** Undoes quoted-printable soft line breaks and escapes in a mail. */
const decode = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test('an owner invites a teammate, who joins through the mailed link', async ({ page, browser }) => {
  await registerThroughUi(page);
  await page.goto('/settings?tab=team');
  await expect(page.getByRole('cell', { name: /Erin Example\(you\)/ })).toBeVisible();

  const email = `${uniqueName('mate')}@example.com`;
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Approver' }).click();
  // No limit is preset: sending without an amount asks for one, "No limit" is a deliberate tick.
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Enter an approval limit or choose No limit')).toBeVisible();
  await dialog.getByLabel('No limit').check();
  await expect(dialog.getByLabel('Approval limit')).toBeDisabled();
  await dialog.getByLabel('No limit').uncheck();
  await dialog.getByLabel('Approval limit').fill('2500');
  await page.screenshot({ path: '/tmp/settings-invite.png' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText(`We emailed an invitation link to ${email}.`, { exact: true })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  const mail = (await readOutbox(page)).map(decode).find((text) => text.includes(email));
  const token = mail ? /\/auth\?invite=([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
  expect(token).toBeTruthy();

  const context = await browser.newContext();
  const mate = await context.newPage();
  await mate.goto(`/auth?invite=${token ?? ''}`);
  await expect(mate.getByText('Join your team')).toBeVisible();
  await expect(mate.getByText(/as Approver/)).toBeVisible();
  await mate.getByLabel('First name').fill('Tess');
  await mate.getByLabel('Last name').fill('Mate');
  await mate.getByLabel('Username').fill(uniqueName('tess'));
  await mate.getByLabel('Password').fill('team mate password');
  await mate.screenshot({ path: '/tmp/auth-join.png' });
  await mate.getByRole('button', { name: 'Join team' }).click();
  await expect(mate).toHaveURL(/\/dashboard$/);
  await expect(mate.getByRole('button', { name: /Tess Mate/ })).toBeVisible();

  // The teammate sees the team read-only; the owner sees them with their role and limit.
  await mate.goto('/settings?tab=team');
  await expect(mate.getByText('Only owners and admins can change the team.')).toBeVisible();
  await expect(mate.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
  await context.close();

  await page.reload();
  const row = page.getByRole('row', { name: /Tess Mate/ });
  await expect(row).toContainText('Approver');
  await expect(row).toContainText('$2,500.00');
  await expect(page.getByRole('row', { name: /Erin Example/ })).toContainText('No limit');
  await page.screenshot({ path: '/tmp/settings-team.png', fullPage: true });

  // The used link does not work twice.
  const again = await browser.newContext();
  const other = await again.newPage();
  await other.goto(`/auth?invite=${token ?? ''}`);
  await expect(other.getByText(/This invitation has already been used/)).toBeVisible();
  await again.close();
});
