import { GraduationCap, Network, Rocket, Users } from 'lucide-react';
import { sisterSites } from './sister-sites';
import type { PageContent } from './types';

export const ecosystemPage: PageContent = {
  meta: {
    title: 'The Signal ecosystem · Signal AR',
    description:
      'Signal AR works with LearnSignal, Signal OS and Signal Resource: education, a business operating system and finance talent in one ecosystem.',
  },
  hero: {
    eyebrow: 'Signal ecosystem',
    title: 'One ecosystem for the whole finance function',
    lead: 'Signal AR is part of a group of products that train your people, run your business and find the talent you need.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'Read case studies', to: '/case-studies', variant: 'secondary' },
    ],
  },
  sections: [
    {
      kind: 'cards',
      title: 'Sister products',
      items: [
        {
          icon: GraduationCap,
          title: 'LearnSignal',
          subtitle: 'Professional education',
          description:
            'Qualifications and training for accountants at every stage of their career.',
          action: {
            label: 'Visit LearnSignal',
            to: sisterSites.learnSignal,
            external: true,
            variant: 'secondary',
          },
        },
        {
          icon: Rocket,
          title: 'Signal OS',
          subtitle: 'Business operating system',
          description: 'Operations, finance and people in one system for growing companies.',
          action: {
            label: 'Visit Signal OS',
            to: sisterSites.signalOs,
            external: true,
            variant: 'secondary',
          },
        },
        {
          icon: Users,
          title: 'Signal Resource',
          subtitle: 'Finance talent',
          description: 'Vetted specialists, consultants and technology directors, ready to start.',
          action: {
            label: 'Visit Signal Resource',
            to: sisterSites.signalResource,
            external: true,
            variant: 'secondary',
          },
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Why an ecosystem',
      items: [
        {
          title: 'One sign-in, shared data',
          description: 'Clients, people and numbers flow between products without re-entry.',
        },
        {
          title: 'Skills that match the tools',
          description: 'Training covers the exact workflows your team runs every day.',
        },
        {
          title: 'Capacity on demand',
          description: 'Bring in vetted talent when a busy season or a new client arrives.',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'The ecosystem at work',
      items: [
        {
          title: 'A practice doubles its client list',
          description:
            'Signal AR automates receivables while Signal Resource adds two consultants for the new clients.',
          list: ['Onboarding in 15 minutes per client', 'No new full-time hires'],
        },
        {
          title: 'A junior becomes a controller',
          description:
            'A bookkeeper qualifies through LearnSignal while running client workflows in Signal AR.',
          list: ['Qualification in 12 months', 'Promoted to controller'],
        },
        {
          title: 'A company scales its finance team',
          description:
            'Signal OS runs operations; Signal AR collects and pays; Signal Resource fills a director role.',
          list: ['Payment 40% faster', 'Director placed in weeks'],
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Platforms',
      columns: 4,
      items: [
        {
          icon: Network,
          title: 'Signal AR',
          description: 'Receivables, payables and practice management.',
          action: { label: 'See features', to: '/features', variant: 'secondary' },
        },
        {
          icon: GraduationCap,
          title: 'LearnSignal',
          description: 'Education and qualifications.',
          action: {
            label: 'Explore LearnSignal',
            to: '/learnsignal-integration',
            variant: 'secondary',
          },
        },
        {
          icon: Rocket,
          title: 'Signal OS',
          description: 'Business operating system.',
          action: {
            label: 'Explore Signal OS',
            to: '/signal-os-integration',
            variant: 'secondary',
          },
        },
        {
          icon: Users,
          title: 'Signal Resource',
          description: 'Finance and technology talent.',
          action: {
            label: 'Explore Signal Resource',
            to: '/signal-resource-integration',
            variant: 'secondary',
          },
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Start with Signal AR',
      lead: 'The rest of the ecosystem is there when you need it.',
      actions: [{ label: 'Try Free', to: '/register-firm' }],
    },
  ],
};
