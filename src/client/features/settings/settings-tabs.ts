/** The tabs of /settings, opened with ?tab=<name> (profile without one); e2e/accessibility.spec.ts visits each. */
export const settingsTabs = ['profile', 'business', 'security', 'notifications', 'billing', 'team', 'activity', 'requests'] as const;
export type SettingsTab = (typeof settingsTabs)[number];
