import { Clock, Gauge, ShieldCheck, TrendingUp } from 'lucide-react';
import { programmeCard } from './records';
import { sisterSites } from './sister-sites';
import type { PageContent } from './types';

export const signalResourcePage: PageContent = {
  meta: {
    title: 'Signal Resource talent · Signal AR',
    description:
      'Vetted finance specialists, consultants and technology directors from Signal Resource, with a three-step selection process and a 30-day performance guarantee.',
  },
  header: { kind: 'visit', site: 'Signal Resource', href: sisterSites.signalResource },
  hero: {
    eyebrow: 'Signal Resource + Signal AR',
    title: 'Expert finance talent, ready when you are',
    lead: 'Signal Resource places vetted specialists, consultants and directors who already know Signal AR, so they add value from their first day.',
    actions: [
      { label: 'Find Expert Team', to: '/register-firm' },
      { label: 'Explore', to: sisterSites.signalResource, external: true, variant: 'secondary' },
    ],
    points: ['30-day performance guarantee', 'Three-step vetting'],
  },
  sections: [
    {
      kind: 'cards',
      title: 'Talent categories',
      items: [
        {
          title: 'Specialists',
          subtitle: 'Entry to mid level',
          listTitle: 'Skills',
          list: ['AR and AP processing', 'Reconciliations', 'Signal AR workflows'],
          facts: [
            { label: 'Experience', value: '1–5 years' },
            { label: 'Certification', value: 'Signal AR Certified User' },
            { label: 'Availability', value: 'Within 1 week' },
            { label: 'Rate', value: '$35–55/hour or $65K–85K a year' },
          ],
        },
        {
          title: 'Consultants',
          subtitle: 'Senior level',
          listTitle: 'Skills',
          list: ['Process design', 'Implementation', 'Client advisory'],
          facts: [
            { label: 'Experience', value: '5–10 years' },
            { label: 'Certification', value: 'CPA or CMA' },
            { label: 'Availability', value: 'Within 2 weeks' },
            { label: 'Rate', value: '$65–95/hour or $95K–140K a year' },
          ],
        },
        {
          title: 'Technology Directors',
          subtitle: 'Executive level',
          listTitle: 'Skills',
          list: ['Finance transformation', 'Systems strategy', 'Team leadership'],
          facts: [
            { label: 'Experience', value: '10+ years' },
            { label: 'Certification', value: 'CPA, CMA or equivalent' },
            { label: 'Availability', value: 'Within 3 weeks' },
            { label: 'Rate', value: '$100–150/hour or $150K–220K a year' },
          ],
        },
      ],
    },
    {
      kind: 'steps',
      title: 'How candidates are selected',
      items: [
        {
          title: 'Skills assessment',
          description: 'Technical accounting and systems questions.',
          detail: '2 hours',
        },
        {
          title: 'Practical demonstration',
          description: 'A real receivables workflow run end to end in Signal AR.',
          detail: '4 hours',
        },
        {
          title: 'Client readiness review',
          description: 'Communication, judgement and fit with your team.',
          detail: '1 hour',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Engagement models',
      columns: 4,
      items: [
        {
          title: 'Direct Hire',
          description: 'A permanent member of your team, placed and vetted by us.',
        },
        {
          title: 'Contract-to-Hire',
          description: 'Work together first; convert when you are both sure.',
        },
        {
          title: 'Project-Based',
          description: 'A defined scope, such as an implementation or clean-up.',
        },
        {
          title: 'Managed Services',
          description: 'We run a function for you with an agreed service level.',
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Client success stories',
      items: [
        {
          title: 'Regional CPA firm',
          description: 'Two specialists absorbed tax-season receivables for 80 clients.',
          list: ['Collections up 30%', 'No overtime in March'],
          quote: {
            text: 'They knew Signal AR better than we did on day one.',
            by: 'Partner, regional CPA firm',
          },
        },
        {
          title: 'Healthcare group',
          description: 'A consultant redesigned approvals across four clinics.',
          list: ['Approval time down 70%', 'Audit findings closed'],
          quote: {
            text: 'The new approval chain paid for itself in a quarter.',
            by: 'CFO, healthcare group',
          },
        },
        {
          title: 'SaaS scale-up',
          description: 'A technology director led the move from spreadsheets to automated AR.',
          list: ['DSO down 18 days', 'Finance team doubled output'],
          quote: {
            text: 'We hired a director in three weeks, not three months.',
            by: 'CEO, SaaS scale-up',
          },
        },
      ],
    },
    {
      kind: 'cards',
      title: 'Training programs',
      intro: 'Every placed professional completes Signal AR training first.',
      items: [
        programmeCard({
          title: 'Signal AR Bootcamp',
          duration: '2 weeks',
          format: 'Full-time, live online',
          prerequisites: 'Accounting fundamentals',
          certification: 'Signal AR Certified User',
          outcomes: ['90% placed within 30 days'],
        }),
        programmeCard({
          title: 'Advanced Workshop',
          duration: '1 week',
          format: 'Full-time, in person or online',
          prerequisites: 'Certified User',
          certification: 'Signal AR Advanced',
          outcomes: ['100% placement for graduates'],
        }),
        programmeCard({
          title: 'Certification Track',
          duration: '4 weeks',
          format: 'Part-time, evenings',
          prerequisites: '2 years of experience',
          certification: 'Signal AR Practice Specialist',
          outcomes: ['85% placed within 60 days'],
        }),
      ],
    },
    {
      kind: 'cards',
      title: 'Partnership advantages',
      columns: 4,
      items: [
        {
          icon: ShieldCheck,
          title: 'Quality assurance',
          list: ['30-day performance guarantee', 'Three-step vetting'],
        },
        { icon: Clock, title: 'Speed', list: ['Shortlist in 48 hours', 'Start within weeks'] },
        {
          icon: TrendingUp,
          title: 'Scalability',
          list: ['One person or a whole team', 'Seasonal capacity'],
        },
        {
          icon: Gauge,
          title: 'Risk mitigation',
          list: ['Contract-to-hire option', 'Replacement at no cost'],
        },
      ],
    },
    {
      kind: 'cta',
      title: 'Build your expert team',
      lead: 'Register your firm and tell us who you need. Every placement carries a 30-day performance guarantee.',
      actions: [{ label: 'Find Expert Team', to: '/register-firm' }],
    },
  ],
};
