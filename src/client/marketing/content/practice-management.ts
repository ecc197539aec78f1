import { BarChart3, ClipboardCheck, LayoutDashboard, Plug, Receipt, Users } from 'lucide-react';
import type { PageContent } from './types';

export const practiceManagementPage: PageContent = {
  meta: {
    title: 'Practice Management · Signal AR',
    description:
      'Manage every client business from one dashboard: 5-step onboarding in 15 minutes, automated invoicing, analytics and integrations. Practice plans from $99/month.',
  },
  hero: {
    eyebrow: 'For accounting practices',
    title: 'Run every client’s receivables from one dashboard',
    lead: 'Onboard clients in minutes, automate their invoicing and see the health of the whole practice at a glance.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'Read Success Stories', to: '/case-studies', variant: 'secondary' },
    ],
    points: ['5-step onboarding', 'About 15 minutes per client', '14-day free trial'],
  },
  sections: [
    {
      kind: 'cards',
      title: 'Built for practices',
      items: [
        {
          icon: LayoutDashboard,
          title: 'Multi-client dashboard',
          description: 'Every client, their receivables and onboarding status in one list.',
        },
        {
          icon: ClipboardCheck,
          title: '5-step onboarding',
          description:
            'Business details, services, billing, banking and documents in about 15 minutes.',
        },
        {
          icon: Receipt,
          title: 'Invoice automation hub',
          description: 'Recurring and bulk invoices for many clients at once.',
        },
        {
          icon: BarChart3,
          title: 'Practice analytics',
          description: 'Client profitability, industry benchmarks and churn risk.',
        },
        {
          icon: Plug,
          title: 'Integration hub',
          description: 'Connect each client’s accounting software and keep it in sync.',
        },
        {
          icon: Users,
          title: 'Your team, your roles',
          description: 'Owners, accountants and approvers each see what they need.',
        },
      ],
    },
    {
      kind: 'steps',
      title: 'Onboard a client in five steps',
      intro: 'Most practices finish in about 15 minutes.',
      items: [
        { title: 'Business details', description: 'Name, contact and industry.' },
        { title: 'Service level', description: 'Choose the service and monthly fee.' },
        { title: 'Billing setup', description: 'Numbering, terms and reminders.' },
        { title: 'Banking', description: 'Bank account verified by micro-deposits.' },
        { title: 'Documents', description: 'W-9 and bank statement collected.' },
      ],
    },
    {
      kind: 'pricing',
      title: 'Practice plans',
      intro: 'Priced by the number of clients you manage.',
      toggle: false,
      plans: [
        {
          name: 'Starter Practice',
          price: { kind: 'monthly', cents: 9900 },
          annual: 'discount',
          description: 'For a solo practitioner or small team.',
          maxClients: 'Up to 10',
          features: [
            { name: 'Multi-client dashboard', included: true },
            { name: '5-step onboarding', included: true },
            { name: 'Practice analytics', included: false },
          ],
          action: { label: 'Start Trial', to: '/register-firm' },
        },
        {
          name: 'Growing Practice',
          price: { kind: 'monthly', cents: 29900 },
          annual: 'discount',
          description: 'For practices adding clients every month.',
          maxClients: 'Up to 50',
          popular: true,
          features: [
            { name: 'Multi-client dashboard', included: true },
            { name: '5-step onboarding', included: true },
            { name: 'Practice analytics', included: true },
          ],
          action: { label: 'Start Trial', to: '/register-firm' },
        },
        {
          name: 'Enterprise Practice',
          price: { kind: 'custom' },
          annual: 'custom',
          description: 'For multi-office firms and networks.',
          maxClients: 'Unlimited',
          features: [
            { name: 'Everything in Growing Practice', included: true },
            { name: 'White-label branding', included: true },
            { name: 'Dedicated account manager', included: true },
          ],
          action: { label: 'Contact Sales', to: '/contact' },
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Bring your first client on board today',
      lead: 'Register your firm in five minutes and try every practice feature free for 14 days.',
      actions: [
        { label: 'Try Free', to: '/register-firm' },
        { label: 'See all features', to: '/features', variant: 'secondary' },
      ],
    },
  ],
};
