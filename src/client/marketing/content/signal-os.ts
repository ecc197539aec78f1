import { Boxes, Cloud, Cpu, Server, ShieldCheck, Workflow } from 'lucide-react';
import { sisterSites } from './sister-sites';
import type { PageContent } from './types';

export const signalOsPage: PageContent = {
  meta: {
    title: 'Signal OS integration · Signal AR',
    description:
      'Signal OS and Signal AR: the business operating system connected to automated receivables and payables, in the cloud, hybrid or a private cloud.',
  },
  header: { kind: 'visit', site: 'Signal OS', href: sisterSites.signalOs },
  hero: {
    eyebrow: 'Signal OS + Signal AR',
    title: 'Your operating system, with receivables built in',
    lead: 'Signal OS runs operations, people and projects. Connected to Signal AR, every sale becomes an invoice and every invoice becomes cash.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      {
        label: 'Explore Signal OS',
        to: sisterSites.signalOs,
        external: true,
        variant: 'secondary',
      },
    ],
  },
  sections: [
    {
      kind: 'cards',
      title: 'Capabilities',
      columns: 4,
      items: [
        {
          icon: Workflow,
          title: 'Order to cash',
          description: 'Orders in Signal OS raise invoices in Signal AR automatically.',
        },
        {
          icon: Boxes,
          title: 'Procure to pay',
          description: 'Purchase orders match bills before they reach approval.',
        },
        {
          icon: Cpu,
          title: 'Shared AI',
          description: 'One document engine reads contracts, bills and receipts.',
        },
        {
          icon: ShieldCheck,
          title: 'One security model',
          description: 'Single sign-on, MFA and roles across both products.',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Enterprise scenarios',
      items: [
        {
          title: 'Multi-entity groups',
          description:
            'Each subsidiary invoices on its own while finance sees the consolidated position.',
        },
        {
          title: 'Subscription businesses',
          description: 'Plans and usage in Signal OS bill through Signal AR every month.',
        },
        {
          title: 'Project services',
          description: 'Milestones signed off in Signal OS are invoiced the same day.',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Technical details',
      columns: 4,
      items: [
        { title: 'Real-time sync', description: 'Events flow both ways within seconds.' },
        { title: 'Open API', description: 'REST endpoints and webhooks for every object.' },
        { title: 'Data residency', description: 'Choose the region your data lives in.' },
        { title: '99.9% uptime', description: 'Monitored around the clock with published status.' },
      ],
    },
    {
      kind: 'testimonials',
      title: 'Customer stories',
      items: [
        {
          quote: 'Orders turn into invoices without anyone touching them.',
          name: 'Rafael Ortiz',
          role: 'COO, Meridian Supply',
          result: 'Zero manual invoices',
        },
        {
          quote: 'Five entities, one view of cash. Month-end is two days shorter.',
          name: 'Hannah Park',
          role: 'Group CFO, Alder Holdings',
          result: 'Close 2 days faster',
        },
        {
          quote: 'Milestone billing used to slip for weeks. Now it is the same day.',
          name: 'Kwame Mensah',
          role: 'Finance Lead, Brightline Studio',
          result: 'Paid 40% faster',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Deployment options',
      items: [
        {
          icon: Cloud,
          title: 'Cloud',
          description: 'Fully managed, always current, ready in minutes.',
        },
        {
          icon: Server,
          title: 'Hybrid',
          description: 'Keep sensitive systems on premises and sync the rest.',
        },
        {
          icon: ShieldCheck,
          title: 'Private cloud',
          description: 'A dedicated environment for strict compliance needs.',
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Connect your operations to your cash',
      lead: 'Start with Signal AR today and add Signal OS when you are ready.',
      actions: [
        { label: 'Try Free', to: '/register-firm' },
        {
          label: 'Visit Signal OS',
          to: sisterSites.signalOs,
          external: true,
          variant: 'secondary',
        },
      ],
    },
  ],
};
