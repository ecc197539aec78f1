import { Handshake, Heart, Lightbulb, ShieldCheck } from 'lucide-react';
import { leaderCard, partnerCard } from './records';
import type { Leader, Milestone, PageContent, Partner } from './types';

const milestones: Milestone[] = [
  {
    year: '2013',
    title: 'Founded by accountants',
    description: 'Two practice owners build a tool to stop chasing client invoices by hand.',
    metric: 'First 50 firms',
  },
  {
    year: '2016',
    title: 'Payments go live',
    description: 'ACH, wire, card and check payments arrive, with micro-deposit bank verification.',
    metric: '$1B processed',
  },
  {
    year: '2019',
    title: 'AI document processing',
    description: 'Invoices, bills and receipts are read automatically with 95%+ accuracy.',
    metric: '10M documents read',
  },
  {
    year: '2022',
    title: 'Practice management',
    description: 'A multi-client dashboard and 5-step onboarding for accounting practices.',
    metric: '100,000 professionals',
  },
  {
    year: '2025',
    title: 'The Signal ecosystem',
    description: 'Signal AR joins LearnSignal, Signal OS and Signal Resource in one group.',
    metric: '250,000+ professionals',
  },
];

const leaders: Leader[] = [
  {
    name: 'Elena Marsh, CPA',
    role: 'Chief Executive Officer',
    background: 'Ran a 40-person practice for twelve years before co-founding Signal AR.',
    expertise: ['Practice growth', 'Client advisory'],
  },
  {
    name: 'Tomás Ibarra',
    role: 'Chief Technology Officer',
    background: 'Built payment infrastructure at two fintech companies.',
    expertise: ['Payments', 'Security'],
  },
  {
    name: 'Grace Okafor, CMA',
    role: 'Chief Product Officer',
    background: 'Led finance operations products used by thousands of firms.',
    expertise: ['Workflow design', 'Automation'],
  },
  {
    name: 'Henrik Dahl',
    role: 'Chief Customer Officer',
    background: 'Scaled customer success teams across Europe and North America.',
    expertise: ['Onboarding', 'Support'],
  },
];

const partners: Partner[] = [
  {
    name: 'LearnSignal',
    type: 'Education partner',
    description: 'Professional accounting qualifications and training.',
    logo: 'LS',
  },
  {
    name: 'Signal OS',
    type: 'Operating system partner',
    description: 'The business operating system for growing companies.',
    logo: 'OS',
  },
  {
    name: 'Signal Resource',
    type: 'Talent partner',
    description: 'Vetted finance specialists, consultants and directors.',
    logo: 'SR',
  },
  {
    name: 'Open Banking Alliance',
    type: 'Banking partner',
    description: 'Secure bank connections and payment rails.',
    logo: 'OB',
  },
];

export const aboutPage: PageContent = {
  meta: {
    title: 'About · Signal AR',
    description:
      'Signal AR was founded by accountants in 2013 and now serves 250,000+ professionals in 150+ countries. Meet the team and our values.',
  },
  hero: {
    eyebrow: 'About us',
    title: 'Built by accountants, for accountants',
    lead: 'Since 2013 we have had one aim: give practices back the hours they lose to invoices, reminders and payments.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'Contact us', to: '/contact', variant: 'secondary' },
    ],
  },
  sections: [
    {
      kind: 'stats',
      title: 'Signal AR in numbers',
      items: [
        { value: '250,000+', label: 'professionals' },
        { value: '150+', label: 'countries' },
        { value: '99.9%', label: 'uptime' },
        { value: '40%', label: 'faster payment' },
      ],
    },
    {
      kind: 'timeline',
      title: 'Our story',
      intro: 'Five milestones from a practice back office to a global platform.',
      items: milestones,
    },
    { kind: 'cards', title: 'Leadership', columns: 4, items: leaders.map(leaderCard) },
    {
      kind: 'cards',
      title: 'What we value',
      columns: 4,
      items: [
        {
          icon: Heart,
          title: 'Practices first',
          description: 'Every feature starts from a real practice’s working week.',
        },
        {
          icon: ShieldCheck,
          title: 'Trust by default',
          description: 'Client money and data deserve bank-grade care.',
        },
        {
          icon: Lightbulb,
          title: 'Automate the dull',
          description: 'People should advise; software should chase and retype.',
        },
        {
          icon: Handshake,
          title: 'Grow together',
          description: 'We succeed when the firms we serve take on more clients.',
        },
      ],
    },
    { kind: 'cards', title: 'Partners', columns: 4, items: partners.map(partnerCard) },
    {
      kind: 'cta',
      title: 'Join 250,000+ professionals',
      lead: 'Start a 14-day free trial, no credit card required.',
      actions: [{ label: 'Try Free', to: '/register-firm' }],
    },
  ],
};
