import type { LucideIcon } from 'lucide-react';

/** The typed records behind every public page (practice spec 3.8). None of them are persisted. */

/** A button or link: internal paths use the router, `external` ones open a new tab. */
export interface Action {
  label: string;
  to: string;
  external?: boolean;
  variant?: 'primary' | 'secondary';
}

export interface PageMeta {
  title: string;
  description: string;
}

/** The header's primary button: Try Free everywhere, Visit on the partner pages. */
export type HeaderAction = { kind: 'try-free' } | { kind: 'visit'; site: string; href: string };

export interface Hero {
  eyebrow?: string;
  title: string;
  lead: string;
  actions: Action[];
  points?: string[];
}

export interface Stat {
  value: string;
  label: string;
}

export interface Fact {
  label: string;
  value: string;
}

/** The one card shape the grids render; the spec's records below are mapped onto it. */
export interface InfoCard {
  icon?: LucideIcon;
  title: string;
  subtitle?: string;
  badge?: string;
  description?: string;
  facts?: Fact[];
  listTitle?: string;
  list?: string[];
  quote?: { text: string; by: string };
  action?: Action;
}

export interface Feature {
  icon?: LucideIcon;
  name: string;
  description: string;
  benefits?: string[];
}

export interface IntegrationCard {
  name: string;
  logoText: string;
  kind: string;
  description: string;
}

export interface Milestone {
  year: string;
  title: string;
  description: string;
  metric: string;
}

export interface Leader {
  name: string;
  role: string;
  background: string;
  expertise: string[];
}

export interface Partner {
  name: string;
  type: string;
  description: string;
  logo: string;
}

export interface Qualification {
  name: string;
  body: string;
  description: string;
  duration: string;
}

export interface CareerPathway {
  role: string;
  education: string;
  responsibilities: string[];
  progression: string;
  salary: string;
}

export interface TrainingProgramme {
  title: string;
  duration: string;
  format: string;
  prerequisites: string;
  certification: string;
  outcomes: string[];
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  result?: string;
}

export interface Step {
  title: string;
  description: string;
  detail?: string;
}

export interface PlanFeature {
  name: string;
  included: boolean;
}

/** A price in cents per month, or a word for plans without one. */
export type PlanPrice = { kind: 'free' } | { kind: 'custom' } | { kind: 'monthly'; cents: number };

export interface Plan {
  name: string;
  price: PlanPrice;
  /** Spec 9: annual billing takes 20% off, except plans priced individually for annual terms. */
  annual: 'discount' | 'custom';
  description: string;
  maxClients?: string;
  maxInvoices?: string;
  maxVendors?: string;
  popular?: boolean;
  features: PlanFeature[];
  action: Action;
}

export interface AddOn {
  name: string;
  monthlyCents: number;
  description: string;
}

export interface Faq {
  question: string;
  answer: string;
}

export type Section =
  | { kind: 'stats'; title?: string; items: Stat[] }
  | { kind: 'trust'; title: string; names: string[] }
  | { kind: 'cards'; title: string; intro?: string; columns?: 2 | 3 | 4; items: InfoCard[] }
  | { kind: 'steps'; title: string; intro?: string; items: Step[] }
  | { kind: 'timeline'; title: string; intro?: string; items: Milestone[] }
  | { kind: 'testimonials'; title: string; intro?: string; items: Testimonial[] }
  | {
      kind: 'pricing';
      title: string;
      intro?: string;
      plans: Plan[];
      toggle: boolean;
      note?: string;
    }
  | { kind: 'addons'; title: string; intro?: string; items: AddOn[] }
  | { kind: 'faq'; title: string; items: Faq[] }
  | { kind: 'cta'; title: string; lead: string; actions: Action[] };

export interface PageContent {
  meta: PageMeta;
  header?: HeaderAction;
  hero: Hero;
  sections: Section[];
}
