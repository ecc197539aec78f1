import { vi } from 'vitest';

// `npm run test:dates` sets FAKE_NOW: every test's `new Date()` (and so createTestApp's default
// clock) starts at that instant and runs on, as the server's clock does with the same variable.
const fakeNow = process.env.FAKE_NOW;
if (fakeNow) vi.useFakeTimers({ now: new Date(fakeNow), toFake: ['Date'], shouldAdvanceTime: true });
