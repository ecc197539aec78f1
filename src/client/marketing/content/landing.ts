import { Bell, FileText, LineChart, ShieldCheck, Users, Wallet } from 'lucide-react';
import type { PageContent } from './types';

export const landingPage: PageContent = {
  meta: {
    title: 'Signal AR: accounts receivable automation for accounting practices',
    description:
      'Signal AR automates invoices, bills, reminders and payments for accounting practices and their clients. Start a 14-day free trial, no credit card required.',
  },
  hero: {
    eyebrow: 'Accounts receivable, automated',
    title: 'Get paid 40% faster, for every client you manage',
    lead: 'Signal AR reads invoices, bills and receipts with AI, chases late payers for you and forecasts cash 90 days ahead, so your practice spends its hours on advice instead of admin.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'See all features', to: '/features', variant: 'secondary' },
    ],
    points: ['14-day free trial', 'No credit card', '5-minute setup'],
  },
  sections: [
    {
      kind: 'trust',
      title: 'Trusted by 250,000+ professionals in 150+ countries',
      names: [
        'Harbor CPA',
        'Northwind Advisory',
        'Keystone Ledger',
        'Bluefin Tax',
        'Summit & Vale',
      ],
    },
    {
      kind: 'cards',
      title: 'Everything receivables needs, in one place',
      intro: 'From the first document to the last payment, each step is handled and tracked.',
      items: [
        {
          icon: FileText,
          title: 'AI document processing',
          description:
            'Invoices, bills and receipts are read with 95%+ extraction accuracy, 99%+ with Advanced AI.',
        },
        {
          icon: Bell,
          title: 'Payment reminders',
          description:
            'Polite, scheduled reminders go out before and after the due date, so nobody has to chase.',
        },
        {
          icon: LineChart,
          title: '90-day cash-flow forecast',
          description:
            'See what is coming in and going out over the next 90 days, per client and across the practice.',
        },
        {
          icon: Users,
          title: 'Multi-client dashboard',
          description:
            'Every client business on one screen, with onboarding in 5 steps and about 15 minutes.',
        },
        {
          icon: Wallet,
          title: 'Every way to pay',
          description:
            'ACH, wire, credit card and check, with batch payments and bank verification by micro-deposits.',
        },
        {
          icon: ShieldCheck,
          title: 'Approvals and security',
          description:
            'Multi-level approvals, MFA and 99.9% uptime keep every payment controlled and available.',
        },
      ],
    },
    {
      kind: 'steps',
      title: 'Up and running in three steps',
      items: [
        {
          title: 'Register your firm',
          description: 'Create your practice account in about five minutes. No credit card needed.',
        },
        {
          title: 'Add your clients',
          description: 'Onboard each client business in five guided steps, about 15 minutes each.',
        },
        {
          title: 'Let Signal AR work',
          description:
            'Documents are processed, reminders sent and payments matched automatically.',
        },
      ],
    },
    {
      kind: 'pricing',
      title: 'Simple pricing that grows with you',
      intro: 'Start free and upgrade when you need more.',
      toggle: false,
      note: 'Running a practice? See practice plans on the Practice Management page, or compare every plan on Pricing.',
      plans: [
        {
          name: 'Starter',
          price: { kind: 'free' },
          annual: 'discount',
          description: 'For getting started with receivables.',
          maxVendors: '5',
          maxInvoices: '25 per month',
          features: [
            { name: 'Invoicing and reminders', included: true },
            { name: 'Email support', included: true },
            { name: 'AI document processing', included: false },
          ],
          action: { label: 'Start Free', to: '/register-firm' },
        },
        {
          name: 'Professional',
          price: { kind: 'monthly', cents: 2900 },
          annual: 'discount',
          description: 'For growing businesses that invoice every day.',
          maxVendors: 'Unlimited',
          maxInvoices: 'Unlimited',
          popular: true,
          features: [
            { name: 'Invoicing and reminders', included: true },
            { name: 'AI document processing', included: true },
            { name: 'Priority support', included: true },
          ],
          action: { label: 'Try Free', to: '/register-firm' },
        },
        {
          name: 'Enterprise',
          price: { kind: 'custom' },
          annual: 'custom',
          description: 'For complex approval chains and high volumes.',
          maxVendors: 'Unlimited',
          maxInvoices: 'Unlimited',
          features: [
            { name: 'Multi-level approvals', included: true },
            { name: 'White-label branding', included: true },
            { name: 'Dedicated account manager', included: true },
          ],
          action: { label: 'Contact Sales', to: '/contact' },
        },
      ],
    },
    {
      kind: 'testimonials',
      title: 'What practices say',
      items: [
        {
          quote: 'Our clients pay faster and my team stopped spending Mondays on reminder emails.',
          name: 'Dana Whitfield, CPA',
          role: 'Managing Partner, Harbor CPA',
          result: 'Paid 40% faster',
        },
        {
          quote:
            'Onboarding a new client takes a quarter of an hour. We took on twelve more without hiring.',
          name: 'Marcus Lee',
          role: 'Director, Northwind Advisory',
          result: '12 new clients, same team',
        },
        {
          quote:
            'The 90-day forecast is the first thing our clients ask about in every review meeting.',
          name: 'Priya Raman, CMA',
          role: 'Founder, Keystone Ledger',
          result: '15 hours saved a week',
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Start your 14-day free trial today',
      lead: 'No credit card, no setup fees. Bring your first client on board in minutes.',
      actions: [
        { label: 'Try Free', to: '/register-firm' },
        { label: 'Schedule Demo', to: '/demo', variant: 'secondary' },
      ],
    },
  ],
};
