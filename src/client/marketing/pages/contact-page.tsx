import { ContactPageBody } from '../components/contact-page-body';

export default function ContactPage() {
  return (
    <ContactPageBody
      meta={{
        title: 'Contact sales · Signal AR',
        description:
          'Talk to Signal AR sales about Enterprise and Scale plans, annual terms, white-label branding and dedicated support.',
      }}
      topic="sales"
      title="Contact sales"
      lead="Tell us about your firm and we will put together the right plan, including Scale and annual terms."
      promises={[
        'Custom pricing for 100+ clients',
        'Annual terms and invoicing',
        'Onboarding help for your whole team',
      ]}
      submitLabel="Send message"
    />
  );
}
