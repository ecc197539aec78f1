import type { PageContent, PlanFeature } from './types';

/** The six features the plan cards compare, in one order; `included` lists each plan's. */
const comparedFeatures = [
  'AI document processing',
  'Multi-client dashboard',
  'Custom branding',
  'API access',
  'Multi-level approvals',
  'White-label',
] as const;

function compare(
  included: readonly (typeof comparedFeatures)[number][],
  extras: string[] = [],
): PlanFeature[] {
  return [
    ...extras.map((name) => ({ name, included: true })),
    ...comparedFeatures.map((name) => ({ name, included: included.includes(name) })),
  ];
}

export const pricingPage: PageContent = {
  meta: {
    title: 'Pricing · Signal AR',
    description:
      'Signal AR plans from free to Scale: Starter free, Professional $89/month, Enterprise $249/month, custom Scale plans. Save 20% with annual billing.',
  },
  hero: {
    eyebrow: 'Pricing',
    title: 'Plans for every size of practice',
    lead: 'Start free, upgrade when your client list grows. Every paid plan starts with a 14-day free trial: no credit card, no setup fees.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'Schedule Demo', to: '/demo', variant: 'secondary' },
    ],
    points: ['14-day free trial', 'No credit card', 'No setup fees'],
  },
  sections: [
    {
      kind: 'pricing',
      title: 'Choose your plan',
      intro: 'Switch to annual billing and save 20% on Professional.',
      toggle: true,
      note: 'Plan changes apply immediately and are prorated to the day.',
      plans: [
        {
          name: 'Starter',
          price: { kind: 'free' },
          annual: 'discount',
          description: 'For a small practice trying automation.',
          maxClients: 'Up to 5',
          maxInvoices: '25 per month',
          features: compare([], ['Invoicing and payment reminders', 'Email support']),
          action: { label: 'Start Free', to: '/register-firm' },
        },
        {
          name: 'Professional',
          price: { kind: 'monthly', cents: 8900 },
          annual: 'discount',
          description: 'For growing practices, saving about 15 hours a week.',
          maxClients: 'Up to 25',
          maxInvoices: 'Unlimited',
          popular: true,
          features: compare(
            ['AI document processing', 'Multi-client dashboard', 'Custom branding', 'API access'],
            ['Priority support'],
          ),
          action: { label: 'Start Trial', to: '/register-firm' },
        },
        {
          name: 'Enterprise',
          price: { kind: 'monthly', cents: 24900 },
          annual: 'custom',
          description: 'For established firms, saving about 40 hours a week.',
          maxClients: 'Up to 100',
          maxInvoices: 'Unlimited',
          features: compare(
            [...comparedFeatures],
            ['Dedicated account manager', '24/7 phone support'],
          ),
          action: { label: 'Schedule Demo', to: '/demo' },
        },
        {
          name: 'Scale',
          price: { kind: 'custom' },
          annual: 'custom',
          description: 'For networks of offices, saving 80+ hours a week.',
          maxClients: 'Unlimited',
          features: compare(
            [...comparedFeatures],
            ['Dedicated account manager', 'Custom onboarding'],
          ),
          action: { label: 'Contact Sales', to: '/contact' },
        },
      ],
    },
    {
      kind: 'addons',
      title: 'Add-ons',
      intro: 'Add capabilities to any paid plan, month by month.',
      items: [
        {
          name: 'Advanced AI Processing',
          monthlyCents: 2900,
          description:
            'Raises extraction accuracy from 95%+ to 99%+ on complex and handwritten documents.',
        },
        {
          name: 'Premium Analytics',
          monthlyCents: 4900,
          description:
            'Client profitability, industry benchmarks and predictive insights for every client.',
        },
        {
          name: 'White-Label Branding',
          monthlyCents: 9900,
          description:
            'Your firm’s name, colours and domain on every invoice, reminder and client portal.',
        },
        {
          name: 'Dedicated Support',
          monthlyCents: 19900,
          description: 'A named specialist, priority response and quarterly workflow reviews.',
        },
      ],
    },
    {
      kind: 'faq',
      title: 'Frequently asked questions',
      items: [
        {
          question: 'How does the free trial work?',
          answer:
            'Every paid plan starts with a 14-day free trial with all of its features. No credit card is needed to start, and you choose whether to continue at the end.',
        },
        {
          question: 'Can I change plans later?',
          answer:
            'Yes. Upgrades and downgrades apply immediately, and the difference is prorated to the day on your next bill.',
        },
        {
          question: 'How much does annual billing save?',
          answer:
            'Annual billing takes 20% off the monthly price of Professional. Enterprise and Scale annual terms are quoted individually by our team.',
        },
        {
          question: 'Are there setup fees?',
          answer:
            'No. There are no setup or onboarding fees on any plan; most firms are set up in about five minutes.',
        },
        {
          question: 'What counts as a client?',
          answer:
            'A client is one business whose receivables and payables you manage in Signal AR. Archived clients do not count towards your limit.',
        },
        {
          question: 'Can I add features without changing plan?',
          answer:
            'Yes. Add-ons such as Advanced AI Processing or Premium Analytics can be added to any paid plan and billed monthly.',
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Ready to see it with your own clients?',
      lead: 'Start a 14-day free trial or let us walk you through Signal AR in a 30-minute demo.',
      actions: [
        { label: 'Try Free', to: '/register-firm' },
        { label: 'Schedule Demo', to: '/demo', variant: 'secondary' },
      ],
    },
  ],
};
