import { describe, expect, it } from 'vitest';
import { firmPlans, firmRegistrationSchema, firmRegistrationSteps } from './firms';

const valid = {
  firmName: 'Harbor CPA',
  firmEmail: 'Info@Harbor.example ',
  ownerFirstName: 'Dana',
  ownerLastName: 'Whitfield',
  ownerEmail: 'dana@harbor.example',
  ownerUsername: 'dana',
  ownerPassword: 'harbor-secret',
  confirmPassword: 'harbor-secret',
  agreeToTerms: true,
};

describe('firm registration contract', () => {
  it('normalises emails and fills the defaults', () => {
    expect(firmRegistrationSchema.parse(valid)).toMatchObject({
      firmEmail: 'info@harbor.example',
      subscriptionPlan: 'professional',
      specializations: [],
      certifications: [],
    });
  });

  it('reports a password mismatch even while other steps are still invalid', () => {
    const result = firmRegistrationSchema.safeParse({
      ...valid,
      firmName: '',
      confirmPassword: 'other',
    });
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['confirmPassword', "Passwords don't match"]);
    expect(messages).toContainEqual(['firmName', 'Firm name must be at least 2 characters']);
  });

  it('assigns every field to exactly one wizard step', () => {
    const fields = firmRegistrationSteps.flatMap((step) => [...step.fields]);
    expect(new Set(fields).size).toBe(fields.length);
    // timeZone is the browser's, sent with the form rather than typed on a step.
    const typed = Object.keys(firmRegistrationSchema.shape ?? {}).filter((field) => field !== 'timeZone');
    expect(fields.sort()).toEqual(typed.sort());
  });

  it('carries the registration plan figures', () => {
    expect(firmPlans.map((plan) => [plan.id, plan.monthlyPriceCents, plan.maxClients])).toEqual([
      ['starter', 4900, 10],
      ['professional', 14900, 50],
      ['enterprise', 39900, 200],
    ]);
  });
});
