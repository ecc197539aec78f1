import {
  billingSchema,
  currencySettingsSchema,
  currencyUpdateSchema,
  passwordChangeSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
  userSettingsSchema,
} from '../../../shared/contracts/settings';
import { partialBody } from '../../../shared/contracts/common';
import { requireAuth } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { changePassword, getBilling, getSettings, updateCurrency, updatePreferences, updateProfile } from './settings.service';

/** The signed-in user's own settings: every write here is allowed to viewers too. */
export async function settingsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  const own = { viewerAllowed: true } as const;

  app.get(
    '/api/user/settings',
    { schema: { tags: ['settings'], summary: 'Currency, locale, profile choices and toggles', response: { 200: userSettingsSchema } } },
    async (request) => getSettings(deps.db, requireAuth(request).userId),
  );

  app.put(
    '/api/user/currency',
    { config: own, schema: { tags: ['settings'], summary: 'Choose the display currency', body: currencyUpdateSchema, response: { 200: currencySettingsSchema } } },
    async (request) => updateCurrency(deps.db, requireAuth(request).userId, request.body, deps.now()),
  );

  app.put(
    '/api/user/profile',
    { config: own, schema: { tags: ['settings'], summary: 'Update name, email, username, industry, timezone (fields left out are kept)', body: partialBody(profileUpdateSchema) } },
    async (request) => updateProfile(deps.db, requireAuth(request), request.body, deps.now()),
  );

  app.put(
    '/api/user/password',
    { config: own, schema: { tags: ['settings'], summary: 'Change the password; signs out other sessions', body: passwordChangeSchema } },
    async (request, reply) => {
      await changePassword(deps.db, requireAuth(request), request.body, deps.now());
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/user/preferences',
    { config: own, schema: { tags: ['settings'], summary: 'Notification and security toggles', body: preferencesUpdateSchema, response: { 200: userSettingsSchema } } },
    async (request) => updatePreferences(deps.db, requireAuth(request).userId, request.body, deps.now()),
  );

  app.get(
    '/api/user/billing',
    {
      schema: {
        tags: ['settings'],
        summary: "The organization's subscription plan",
        description: "For a firm member, the firm's plan whichever workspace is open, with practice: its active clients against the limit and whether the user may change the plan.",
        response: { 200: billingSchema },
      },
    },
    async (request) => getBilling(deps.db, requireAuth(request), { changeThroughCheckout: deps.config.stripe !== null }),
  );
}
