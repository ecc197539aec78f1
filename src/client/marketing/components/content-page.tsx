import type { PageContent, Section } from '../content/types';
import { CardGrid } from './card-grid';
import { Cta } from './cta';
import { Faq } from './faq';
import { Hero } from './hero';
import { MarketingLayout } from './marketing-layout';
import { AddOns, PricingCards } from './pricing-cards';
import { SectionShell } from './section-shell';
import { Stats, TrustBar } from './stats';
import { Steps, Timeline } from './steps';
import { Testimonials } from './testimonials';

/** Renders a page's typed content: hero, then each section in order, bands alternating. */
export function ContentPage({ page }: { page: PageContent }) {
  return (
    <MarketingLayout meta={page.meta} header={page.header}>
      <Hero hero={page.hero} />
      {page.sections.map((section, index) => (
        <SectionView key={`${section.kind}-${index}`} section={section} muted={index % 2 === 0} />
      ))}
    </MarketingLayout>
  );
}

function SectionView({ section, muted }: { section: Section; muted: boolean }) {
  switch (section.kind) {
    case 'cta':
      return <Cta title={section.title} lead={section.lead} actions={section.actions} />;
    case 'stats':
      return (
        <SectionShell title={section.title} muted={muted}>
          <Stats items={section.items} />
        </SectionShell>
      );
    case 'trust':
      return (
        <SectionShell title={section.title} muted={muted}>
          <TrustBar names={section.names} />
        </SectionShell>
      );
    case 'cards':
      return (
        <SectionShell title={section.title} intro={section.intro} muted={muted}>
          <CardGrid items={section.items} columns={section.columns} />
        </SectionShell>
      );
    case 'steps':
      return (
        <SectionShell title={section.title} intro={section.intro} muted={muted}>
          <Steps items={section.items} />
        </SectionShell>
      );
    case 'timeline':
      return (
        <SectionShell title={section.title} intro={section.intro} muted={muted}>
          <Timeline items={section.items} />
        </SectionShell>
      );
    case 'testimonials':
      return (
        <SectionShell title={section.title} intro={section.intro} muted={muted}>
          <Testimonials items={section.items} />
        </SectionShell>
      );
    case 'pricing':
      return (
        <SectionShell title={section.title} intro={section.intro} muted={muted}>
          <PricingCards plans={section.plans} toggle={section.toggle} />
          {section.note && (
            <p className="mt-8 text-center text-sm text-slate-600">{section.note}</p>
          )}
        </SectionShell>
      );
    case 'addons':
      return (
        <SectionShell title={section.title} intro={section.intro} muted={muted}>
          <AddOns items={section.items} />
        </SectionShell>
      );
    case 'faq':
      return (
        <SectionShell title={section.title} muted={muted}>
          <Faq items={section.items} />
        </SectionShell>
      );
  }
}
