import { Check } from 'lucide-react';
import type { ContactTopic } from '@shared/contracts/contact';
import type { PageMeta } from '../content/types';
import { ContactForm } from './contact-form';
import { MarketingLayout } from './marketing-layout';

/** The /demo and /contact pages: a heading, what to expect, and the form. */
export function ContactPageBody(props: {
  meta: PageMeta;
  topic: ContactTopic;
  title: string;
  lead: string;
  promises: string[];
  submitLabel: string;
}) {
  return (
    <MarketingLayout meta={props.meta}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1fr_1.3fr] md:py-20">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {props.title}
          </h1>
          <p className="mt-4 text-lg text-slate-600">{props.lead}</p>
          <ul className="mt-6 space-y-3 text-slate-700">
            {props.promises.map((promise) => (
              <li key={promise} className="flex gap-2">
                <Check className="mt-1 size-4 shrink-0 text-green-700" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <section
          aria-label="Request form"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <ContactForm topic={props.topic} submitLabel={props.submitLabel} />
        </section>
      </div>
    </MarketingLayout>
  );
}
