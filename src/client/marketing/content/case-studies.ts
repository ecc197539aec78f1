import type { PageContent } from './types';

export const caseStudiesPage: PageContent = {
  meta: {
    title: 'Case Studies · Signal AR',
    description:
      'How accounting practices and businesses use Signal AR to get paid faster, onboard clients in minutes and save hours every week.',
  },
  hero: {
    eyebrow: 'Case studies',
    title: 'Results from practices like yours',
    lead: 'Firms of every size use Signal AR to collect faster and spend less time on admin. Here is what changed for three of them.',
    actions: [
      { label: 'Try Free', to: '/register-firm' },
      { label: 'See all features', to: '/features', variant: 'secondary' },
    ],
  },
  sections: [
    {
      kind: 'cards',
      title: 'Success stories',
      items: [
        {
          title: 'Harbor CPA',
          subtitle: '12-person practice, 60 clients',
          description:
            'Reminders were sent by hand every Monday. Now they go out on schedule and stop when clients pay.',
          facts: [
            { label: 'Days to payment', value: '41 → 24' },
            { label: 'Hours saved', value: '15 a week' },
          ],
          quote: {
            text: 'Our clients pay faster and nobody on the team chases invoices any more.',
            by: 'Dana Whitfield, Managing Partner',
          },
        },
        {
          title: 'Northwind Advisory',
          subtitle: 'Growing advisory firm',
          description:
            'Onboarding a client took two days of emails. The 5-step onboarding now takes about 15 minutes.',
          facts: [
            { label: 'Onboarding time', value: '2 days → 15 min' },
            { label: 'New clients', value: '+12 in a year' },
          ],
          quote: {
            text: 'We took on twelve more clients without a single new hire.',
            by: 'Marcus Lee, Director',
          },
        },
        {
          title: 'Bluefin Distribution',
          subtitle: 'Wholesale business, 400 vendors',
          description:
            'Bills arrived on paper and by email. AI processing and approvals now handle them in one queue.',
          facts: [
            { label: 'Extraction accuracy', value: '99%+' },
            { label: 'Late fees', value: 'Down 90%' },
          ],
          quote: {
            text: 'Approvals used to take a week. Now they take an afternoon.',
            by: 'Sofia Brandt, Controller',
          },
        },
      ],
    },
    {
      kind: 'stats',
      title: 'Across all customers',
      items: [
        { value: '40%', label: 'faster payment' },
        { value: '15 min', label: 'to onboard a client' },
        { value: '250,000+', label: 'professionals' },
        { value: '150+', label: 'countries' },
      ],
    },
    {
      kind: 'cta',
      title: 'Write your own success story',
      lead: 'See the features behind these results, or explore the Signal ecosystem.',
      actions: [
        { label: 'See all features', to: '/features' },
        { label: 'Explore the ecosystem', to: '/signal-ecosystem', variant: 'secondary' },
      ],
    },
  ],
};
