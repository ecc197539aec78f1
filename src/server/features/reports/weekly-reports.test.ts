import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeklyReportMailings } from '../../db/schema';
import { type TestApp, createTestApp } from '../../test/create-test-app';
import { type SignedIn, signUp } from '../../test/factories';
import { readMails, readOutbox } from '../../test/outbox';
import { REPORTS_NOW, seedLedger } from './reports.fixtures';
import { sendWeeklyReports } from './weekly-reports';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ now: REPORTS_NOW });
  owner = await signUp(t.app);
  await signUp(t.app); // Weekly Reports off (the default): never mailed.
  await seedLedger(t.deps.db, owner.user.organizationId);
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const run = () => sendWeeklyReports(t.deps, { now: t.clock.now });

describe('Weekly Reports mail', () => {
  it('mails nobody while the toggle is off', async () => {
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    expect(readOutbox(t)).toHaveLength(0);
  });

  it('mails the revenue summary and aging PDFs once a week, whatever the number of runs', async () => {
    const toggle = await owner.request({ method: 'PUT', url: '/api/user/preferences', payload: { notifications: { weeklyReports: true } } });
    expect(toggle.statusCode).toBe(200);

    // Wednesday 18 March: this week's mail. Two processes running at once still send one.
    const [first, second] = await Promise.all([run(), run()]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1);
    t.clock.advance(2 * DAY); // Friday, same week.
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    let mails = readMails(t);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain(`To: ${owner.user.email}`);
    expect(mail).toContain('Weekly reports for');
    // The last 7 days up to Wednesday 18 March.
    expect(mail).toContain('Revenue-Summary-2026-03-12-to-2026-03-18.pdf');
    expect(mail).toContain('Invoice-Aging-2026-03-12-to-2026-03-18.pdf');
    expect(mail?.match(/Content-Type: application\/pdf/g)).toHaveLength(2);
    const [row] = await t.deps.db.select().from(weeklyReportMailings).where(eq(weeklyReportMailings.userId, owner.user.id));
    expect(row).toMatchObject({ weekStart: '2026-03-16', status: 'sent' });

    // Monday 23 March, 04:30 in New York: a new week there.
    t.clock.set(new Date('2026-03-23T08:30:00Z'));
    expect(await run()).toEqual({ sent: 1, failed: 0 });
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    mails = readMails(t);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Revenue-Summary-2026-03-17-to-2026-03-23.pdf');
  });

  it("keys the week on the organization's day: Sunday night in New York is still last week", async () => {
    // 03:30Z on Monday 30 March is 23:30 on Sunday 29 March in New York: the week of the 23rd, already mailed.
    t.clock.set(new Date('2026-03-30T03:30:00Z'));
    expect(await run()).toEqual({ sent: 0, failed: 0 });
  });

  it('never mails again a week whose claim was left by a crashed run', async () => {
    t.clock.set(new Date('2026-03-30T15:00:00Z'));
    // A run claimed the week of 30 March, then died before the mail server answered.
    await t.deps.db.insert(weeklyReportMailings).values({ organizationId: owner.user.organizationId, userId: owner.user.id, weekStart: '2026-03-30' });
    const before = readOutbox(t).length;
    expect(await run()).toEqual({ sent: 0, failed: 0 });
    expect(readOutbox(t)).toHaveLength(before);
    const [row] = await t.deps.db
      .select()
      .from(weeklyReportMailings)
      .where(and(eq(weeklyReportMailings.userId, owner.user.id), eq(weeklyReportMailings.weekStart, '2026-03-30')));
    expect(row?.status).toBe('pending');
  });
});
