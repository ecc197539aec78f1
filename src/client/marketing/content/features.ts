import {
  BarChart3,
  Bell,
  CheckSquare,
  CreditCard,
  FileSearch,
  Landmark,
  LayoutDashboard,
  Layers,
  Lock,
  ScanLine,
  Send,
  ShieldCheck,
} from 'lucide-react';
import { featureCard, integrationCard } from './records';
import type { Feature, IntegrationCard, PageContent } from './types';

const capture: Feature[] = [
  {
    icon: ScanLine,
    name: 'AI document processing',
    description: 'Invoices, bills and receipts are read the moment they arrive.',
    benefits: [
      '95%+ extraction accuracy',
      '99%+ with Advanced AI Processing',
      'Email, upload or scan',
    ],
  },
  {
    icon: FileSearch,
    name: 'Duplicate and anomaly checks',
    description: 'Spot duplicate bills and unusual amounts before anyone pays them.',
    benefits: ['Vendor and amount matching', 'Flags for review', 'Full audit trail'],
  },
  {
    icon: Layers,
    name: 'Batch uploads',
    description: 'Drop a month of paperwork in one go and let Signal AR sort it.',
    benefits: ['Dozens of files at once', 'Automatic vendor matching', 'Progress you can follow'],
  },
];

const receivables: Feature[] = [
  {
    icon: Send,
    name: 'Invoicing',
    description: 'Branded invoices with numbering, terms and taxes set once per client.',
    benefits: ['Recurring invoices', 'Net 15/30/60 terms', 'Multi-currency'],
  },
  {
    icon: Bell,
    name: 'Payment reminders',
    description: 'Reminders go out on a schedule you choose, before and after the due date.',
    benefits: ['7, 14 and 30 day schedules', 'Polite, editable wording', 'Stops when paid'],
  },
  {
    icon: BarChart3,
    name: 'Cash-flow forecast',
    description: 'Expected receipts and payments over the next 90 days.',
    benefits: ['90-day horizon', 'Per client or practice-wide', 'Overdue risk highlighted'],
  },
];

const payments: Feature[] = [
  {
    icon: CreditCard,
    name: 'Every payment method',
    description: 'Collect and pay by ACH, wire, credit card or check.',
    benefits: ['Customer payment links', 'Batch payments', 'Payment 40% faster on average'],
  },
  {
    icon: Landmark,
    name: 'Bank account verification',
    description: 'Bank accounts are verified by micro-deposits before money moves.',
    benefits: ['Typically 1–2 business days', 'Masked account numbers', 'ACH and wire ready'],
  },
  {
    icon: CheckSquare,
    name: 'Approval workflows',
    description: 'Bills above a limit wait for the right people to approve them.',
    benefits: ['Multi-level approvals', 'Approval limits per user', 'Comments on every decision'],
  },
];

const control: Feature[] = [
  {
    icon: LayoutDashboard,
    name: 'Multi-client dashboard',
    description: 'Every client business, its receivables and its health on one screen.',
    benefits: [
      '5-step client onboarding',
      'About 15 minutes per client',
      'Service levels per client',
    ],
  },
  {
    icon: ShieldCheck,
    name: 'Security and compliance',
    description: 'MFA, role-based access and encrypted storage as standard.',
    benefits: ['Multi-factor authentication', 'Role-based permissions', '99.9% uptime'],
  },
  {
    icon: Lock,
    name: 'Audit trail',
    description: 'Every change to an invoice, bill or payment is recorded with who and when.',
    benefits: ['Immutable history', 'Export for auditors', 'Per-organization isolation'],
  },
];

const integrations: IntegrationCard[] = [
  {
    name: 'QuickBooks Online',
    logoText: 'QB',
    kind: 'Accounting software',
    description: 'Two-way sync of customers, invoices and payments.',
  },
  {
    name: 'Xero',
    logoText: 'XE',
    kind: 'Accounting software',
    description: 'Keep contacts, bills and bank transactions in step.',
  },
  {
    name: 'Sage Intacct',
    logoText: 'SI',
    kind: 'Accounting software',
    description: 'Post approved bills and receipts to the general ledger.',
  },
  {
    name: 'Plaid',
    logoText: 'PL',
    kind: 'Bank connection',
    description: 'Connect bank accounts and match payments automatically.',
  },
  {
    name: 'Stripe',
    logoText: 'ST',
    kind: 'Card payments',
    description: 'Accept credit cards on every invoice payment link.',
  },
  {
    name: 'Square',
    logoText: 'SQ',
    kind: 'Card payments',
    description: 'Take card payments in person and online.',
  },
];

export const featuresPage: PageContent = {
  meta: {
    title: 'Features · Signal AR',
    description:
      'AI document processing, payment reminders, a 90-day cash-flow forecast, approvals and payments by ACH, wire, card and check: every Signal AR feature.',
  },
  hero: {
    eyebrow: 'Features',
    title: 'From the first document to the last payment',
    lead: 'Signal AR covers the whole receivables and payables workflow, so nothing is retyped, chased by hand or lost in an inbox.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'See pricing', to: '/pricing', variant: 'secondary' },
    ],
  },
  sections: [
    {
      kind: 'steps',
      title: 'How the workflow runs',
      intro: 'Five steps, each automated and each visible.',
      items: [
        {
          title: 'Document upload',
          description: 'Email, upload or scan invoices, bills and receipts.',
        },
        {
          title: 'AI processing',
          description: 'Vendors, amounts, dates and line items are extracted with 95%+ accuracy.',
        },
        {
          title: 'Approval workflow',
          description: 'Bills route to the right approvers by amount and role.',
        },
        {
          title: 'Payment processing',
          description: 'Pay or collect by ACH, wire, card or check, alone or in batches.',
        },
        {
          title: 'Reporting and analytics',
          description: 'Aging, cash flow and client profitability, always current.',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Capture',
      intro: 'Paperwork in, clean data out.',
      items: capture.map(featureCard),
    },
    {
      kind: 'cards',
      title: 'Receivables',
      intro: 'Invoice, remind and forecast.',
      items: receivables.map(featureCard),
    },
    {
      kind: 'cards',
      title: 'Payments',
      intro: 'Move money safely and quickly.',
      items: payments.map(featureCard),
    },
    {
      kind: 'cards',
      title: 'Control',
      intro: 'Oversight for the whole practice.',
      items: control.map(featureCard),
    },
    {
      kind: 'cards',
      title: 'Integrations',
      intro: 'Connect the accounting software, banks and card processors you already use.',
      items: integrations.map(integrationCard),
    },
    {
      kind: 'cta',
      title: 'See every feature with your own documents',
      lead: 'Start a 14-day free trial; setup takes about five minutes.',
      actions: [
        { label: 'Try Free', to: '/register-firm' },
        { label: 'Schedule Demo', to: '/demo', variant: 'secondary' },
      ],
    },
  ],
};
