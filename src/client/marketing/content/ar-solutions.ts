import { Bell, CalendarClock, CreditCard, FileText, LineChart, Repeat } from 'lucide-react';
import type { PageContent } from './types';

export const arSolutionsPage: PageContent = {
  meta: {
    title: 'AR Solutions · Signal AR',
    description:
      'Automate accounts receivable: AI invoice capture, scheduled reminders, a 90-day cash-flow forecast and payments by ACH, wire, card and check.',
  },
  hero: {
    eyebrow: 'Accounts receivable',
    title: 'Shorten the time from invoice to cash',
    lead: 'Signal AR sends the invoice, reminds the customer, takes the payment and matches it, so receivables stop living in spreadsheets.',
    actions: [
      { label: 'Read Success Stories', to: '/case-studies' },
      { label: 'See all features', to: '/features', variant: 'secondary' },
    ],
    points: ['Payment 40% faster', '95%+ extraction accuracy', '90-day forecast'],
  },
  sections: [
    {
      kind: 'stats',
      items: [
        { value: '40%', label: 'faster payment' },
        { value: '95%+', label: 'extraction accuracy' },
        { value: '90 days', label: 'cash-flow horizon' },
        { value: '99.9%', label: 'uptime' },
      ],
    },
    {
      kind: 'cards',
      title: 'The receivables toolkit',
      items: [
        {
          icon: FileText,
          title: 'Invoices that get paid',
          description: 'Clear, branded invoices with a pay-now link on every one.',
        },
        {
          icon: Repeat,
          title: 'Recurring billing',
          description: 'Monthly retainers and subscriptions invoice themselves.',
        },
        {
          icon: Bell,
          title: 'Automatic reminders',
          description: 'Reminders 7, 14 and 30 days out, stopped the moment payment lands.',
        },
        {
          icon: CreditCard,
          title: 'Flexible payment',
          description: 'Customers pay by ACH, wire, credit card or check.',
        },
        {
          icon: LineChart,
          title: 'Cash-flow forecast',
          description: 'Expected receipts over the next 90 days, by customer.',
        },
        {
          icon: CalendarClock,
          title: 'Aging at a glance',
          description: 'Current, 30, 60 and 90+ day buckets, always up to date.',
        },
      ],
    },
    {
      kind: 'steps',
      title: 'From invoice to cash',
      items: [
        {
          title: 'Invoice',
          description: 'Create or import the invoice; it goes out with a payment link.',
        },
        {
          title: 'Remind',
          description: 'Scheduled reminders follow up politely, before and after the due date.',
        },
        {
          title: 'Collect',
          description: 'The payment is taken, matched and the invoice marked paid.',
        },
      ],
    },
    {
      kind: 'cta',
      title: 'See what faster collections look like',
      lead: 'Read how practices and businesses cut their days sales outstanding, or explore the Signal ecosystem.',
      actions: [
        { label: 'Read Success Stories', to: '/case-studies' },
        { label: 'Explore the ecosystem', to: '/signal-ecosystem', variant: 'secondary' },
      ],
    },
  ],
};
