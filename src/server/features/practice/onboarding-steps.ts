/** The five onboarding steps (spec practice 2.4); step 5 is the review, completed by activation. */
export const onboardingStepDefinitions = [
  { stepNumber: 1, stepName: 'Business Information', stepType: 'business_info', isRequired: true },
  { stepNumber: 2, stepName: 'Service Configuration', stepType: 'service_config', isRequired: true },
  { stepNumber: 3, stepName: 'Document Upload', stepType: 'documents', isRequired: true },
  { stepNumber: 4, stepName: 'Banking Setup', stepType: 'banking', isRequired: true },
  { stepNumber: 5, stepName: 'Review & Activation', stepType: 'review', isRequired: true },
] as const;

export const ONBOARDING_STEPS = onboardingStepDefinitions.length;
