import { Award, BookOpen, Briefcase } from 'lucide-react';
import { pathwayCard, programmeCard, qualificationCard } from './records';
import { sisterSites } from './sister-sites';
import type { CareerPathway, PageContent, Qualification, TrainingProgramme } from './types';

const qualifications: Qualification[] = [
  {
    name: 'ACCA',
    body: 'Association of Chartered Certified Accountants',
    description: 'The global accounting qualification, recognised in 180 countries.',
    duration: '3–4 years',
  },
  {
    name: 'CIMA',
    body: 'Chartered Institute of Management Accountants',
    description: 'Management accounting for careers in business and finance leadership.',
    duration: '3 years',
  },
  {
    name: 'CPA',
    body: 'Certified Public Accountant',
    description: 'The US licence for public accounting, audit and tax practice.',
    duration: '12–18 months',
  },
];

const pathways: CareerPathway[] = [
  {
    role: 'Accounts Receivable Specialist',
    education: 'Foundation certificate',
    responsibilities: ['Invoicing and collections', 'Cash application'],
    progression: 'AR Supervisor in 2–3 years',
    salary: '$45K–$60K',
  },
  {
    role: 'Financial Controller',
    education: 'ACCA or CIMA',
    responsibilities: ['Month-end close', 'Team leadership'],
    progression: 'Finance Director in 4–6 years',
    salary: '$90K–$130K',
  },
  {
    role: 'Practice Partner',
    education: 'CPA or ACCA',
    responsibilities: ['Client portfolio', 'Practice growth'],
    progression: 'Managing Partner',
    salary: '$150K–$250K',
  },
];

const programmes: TrainingProgramme[] = [
  {
    title: 'AR Automation Essentials',
    duration: '8 weeks',
    format: 'Online, self-paced',
    prerequisites: 'None',
    certification: 'Signal AR Certified User',
    outcomes: ['Run receivables in Signal AR', 'Set up reminders and payments'],
  },
  {
    title: 'Practice Technology Lead',
    duration: '12 weeks',
    format: 'Online with live workshops',
    prerequisites: '1 year in practice',
    certification: 'Signal AR Practice Specialist',
    outcomes: ['Onboard and manage clients', 'Build practice analytics'],
  },
  {
    title: 'Finance Transformation',
    duration: '16 weeks',
    format: 'Blended, cohort-based',
    prerequisites: 'Professional qualification',
    certification: 'Signal Finance Transformation Lead',
    outcomes: ['Design automated workflows', 'Lead change in a finance team'],
  },
];

export const learnSignalPage: PageContent = {
  meta: {
    title: 'LearnSignal integration · Signal AR',
    description:
      'LearnSignal and Signal AR: professional qualifications, career pathways and 8, 12 and 16-week training programmes built around real AR workflows.',
  },
  header: { kind: 'visit', site: 'LearnSignal', href: sisterSites.learnSignal },
  hero: {
    eyebrow: 'LearnSignal + Signal AR',
    title: 'Qualify faster with the tools you use every day',
    lead: 'LearnSignal trains accountants for professional qualifications. With Signal AR, practice becomes part of the course.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      {
        label: 'Explore LearnSignal',
        to: sisterSites.learnSignal,
        external: true,
        variant: 'secondary',
      },
    ],
  },
  sections: [
    {
      kind: 'stats',
      items: [
        { value: '250,000+', label: 'learners and professionals' },
        { value: '150+', label: 'countries' },
        { value: '3', label: 'professional qualifications' },
        { value: '8–16 weeks', label: 'training programmes' },
      ],
    },
    {
      kind: 'cards',
      title: 'Professional qualifications',
      items: qualifications.map(qualificationCard),
    },
    {
      kind: 'cards',
      title: 'Why learn with Signal AR',
      items: [
        {
          icon: BookOpen,
          title: 'Real workflows',
          description: 'Exercises run in a live Signal AR sandbox, not on paper.',
        },
        {
          icon: Award,
          title: 'Recognised certificates',
          description: 'Each programme ends in a certificate employers ask for.',
        },
        {
          icon: Briefcase,
          title: 'Career-ready',
          description: 'Skills map directly to receivables and practice roles.',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Career pathways',
      intro: 'Typical salary ranges in the United States.',
      items: pathways.map(pathwayCard),
    },
    {
      kind: 'testimonials',
      title: 'Success stories',
      items: [
        {
          quote:
            'The AR course used the same screens I use at work. I was promoted within the year.',
          name: 'Amira Haddad',
          role: 'AR Supervisor',
          result: 'Promoted in 10 months',
        },
        {
          quote: 'I passed CIMA while running month-end for six clients in Signal AR.',
          name: 'Jonas Weber',
          role: 'Financial Controller',
          result: 'CIMA qualified',
        },
        {
          quote: 'Our whole team took the practice programme; onboarding is now twice as fast.',
          name: 'Lucy Chen, CPA',
          role: 'Practice Partner',
          result: 'Onboarding 2× faster',
        },
      ],
    },
    { kind: 'cards', title: 'Training programmes', items: programmes.map(programmeCard) },
    {
      kind: 'cta',
      title: 'Learn it, then run it',
      lead: 'Start your firm on Signal AR and give your team the training to match.',
      actions: [
        { label: 'Try Free', to: '/register-firm' },
        {
          label: 'Visit LearnSignal',
          to: sisterSites.learnSignal,
          external: true,
          variant: 'secondary',
        },
      ],
    },
  ],
};
