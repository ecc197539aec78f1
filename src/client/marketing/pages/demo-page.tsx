import { ContactPageBody } from '../components/contact-page-body';

export default function DemoPage() {
  return (
    <ContactPageBody
      meta={{
        title: 'Schedule a demo · Signal AR',
        description:
          'Book a 30-minute Signal AR demo: see AI document processing, reminders and practice management with a product specialist.',
      }}
      topic="demo"
      title="Schedule a demo"
      lead="See Signal AR with a product specialist in 30 minutes, shaped around how your practice works."
      promises={[
        'A reply within one business day',
        'Your own workflows, not a slideshow',
        'No obligation, no credit card',
      ]}
      submitLabel="Request demo"
    />
  );
}
