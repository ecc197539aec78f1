import { test as base } from '@playwright/test';
import { startClock } from '../src/server/platform/clock';

export { expect } from '@playwright/test';

/**
 * The tests' clock: the system's, or with FAKE_NOW (`npm run test:dates`) the same moved clock the
 * server runs on, so the test, the browser and the app agree on what day it is.
 */
export const testNow = startClock(process.env.FAKE_NOW);

/** Playwright's test, with the page's Date moved to the tests' clock when FAKE_NOW is set. */
export const test = base.extend<{ movedClock: void }>({
  movedClock: [
    async ({ page }, use) => {
      if (process.env.FAKE_NOW) await page.clock.setSystemTime(testNow());
      await use();
    },
    { auto: true },
  ],
});
