/**
 * The product's figures (issue 29 item 4): each label shown on the dashboard, /practice,
 * /practice/invoices, /practice/analytics and the reports has one meaning, written here once. The
 * server function that computes a figure names its entry (`glossary.<key>`) beside its SQL, and the
 * page shows the definition as the label's help text. A label means the same thing on every screen
 * and in every export; two useful meanings get two labels.
 *
 * Days are the organization's days in its time zone. Amounts are in cents until they are shown.
 */
export interface GlossaryEntry {
  /** The label as screens and exports show it. */
  label: string;
  /** What it counts, in a sentence an accountant can check against the ledger. */
  definition: string;
}

/** Who counts as an active practice client, as every practice figure reads it. */
const ACTIVE_CLIENT = 'clients whose onboarding is completed and that are not deactivated';

export const glossary = {
  // Dashboard (/dashboard), the workspace's own books. Spec 2.4 fixes the four labels.
  totalRevenue: {
    label: 'Total Revenue',
    definition:
      'Payments received from customers on invoices this month up to today (cash basis): completed invoice payments by the day they were processed. The same figure as "Collected" in the Revenue Summary for this month; the trend compares the same days of last month.',
  },
  outstandingInvoices: {
    label: 'Outstanding Invoices',
    definition: 'What customers still owe on sent and overdue invoices: their totals less what has been paid. Drafts and cancelled invoices are not owed.',
  },
  billsToPay: {
    label: 'Bills to Pay',
    definition: 'The total of bills not yet paid (received, scheduled or overdue). A bill whose approval was rejected is not to be paid and is left out. The Bills badge counts the same bills.',
  },
  processedThisMonth: {
    label: 'Processed This Month',
    definition: 'Every completed payment this month, money in (invoice payments) and out (bill payments), by the day it was processed.',
  },
  // Practice dashboard (/practice). Spec 2.5 fixes the labels.
  totalClients: {
    label: 'Total Clients',
    definition: 'Clients of the firm that are not deactivated, whatever their onboarding status.',
  },
  activeOnboarding: {
    label: 'Active Onboarding',
    definition:
      'Clients in onboarding: onboarding started (a step was saved) and not yet completed, client not deactivated. A client added but not started is not counted. The My Practice badge counts the same clients.',
  },
  monthlyRecurring: {
    label: 'Monthly Recurring',
    definition: `The firm's fee billing per month: for ${ACTIVE_CLIENT}, their active fee schedules' invoice amount (after the billing-frequency discount) per month (quarterly / 3, annually / 12), to the cent. Pending and deactivated clients are not counted.`,
  },
  retentionRate: {
    label: 'Retention Rate',
    definition: 'Of the clients that were active 12 months ago (onboarding completed, not deactivated), the share that is still active today.',
  },
  averageClientValue: {
    label: 'Avg Client Value',
    definition: `Monthly Recurring divided by the number of ${ACTIVE_CLIENT}, to the cent.`,
  },
  newRevenue: {
    label: 'New Revenue',
    definition: 'The Monthly Recurring of the clients that became active in the last 30 days (today and the 29 days before).',
  },
  monthlyRecurringTrend: {
    label: 'Trend',
    definition:
      'Compares with the same figure at the end of last month, computed from the fee schedules and clients as they stood then (a fee changed this month counts at its old amount).',
  },
  // Onboarding Overview (/practice).
  inProgress: {
    label: 'In Progress',
    definition: 'The clients in onboarding, as Active Onboarding counts them: started, not completed, not deactivated.',
  },
  completedThisMonth: {
    label: 'Completed This Month',
    definition: 'Clients whose onboarding completed this month; the trend compares the same days of last month.',
  },
  averageDaysToComplete: {
    label: 'Avg Days to Complete',
    definition: 'The average days from the start to the completion of onboarding, over the clients that completed it.',
  },
  newClientRevenue: {
    label: 'New Client Revenue',
    definition: 'The Monthly Recurring of the clients whose onboarding completed this month and that are not deactivated.',
  },
  // Invoice Automation Hub (/practice/invoices). Spec 2.6 fixes the labels.
  clientsWithInvoices: {
    label: 'Clients with Invoices',
    definition: "Clients with at least one of the firm's invoices to them that is not cancelled.",
  },
  outstandingAmount: {
    label: 'Outstanding Amount',
    definition: "What clients still owe the firm on sent and overdue fee invoices: their totals less what has been paid.",
  },
  recentInvoices: {
    label: 'Recent Invoices',
    definition: "The firm's invoices to clients issued in the last 30 days (today and the 29 days before), not cancelled.",
  },
  // Advanced Analytics (/practice/analytics).
  feesInvoiced: {
    label: 'Fees Invoiced',
    definition:
      "The firm's invoices to its clients issued in the period (not drafts or cancelled), by issue day. The Revenue Summary calls the same figure \"Invoiced\".",
  },
  collectionRate: {
    label: 'Collection Rate',
    definition: 'Collected in the period / fees invoiced in the period.',
  },
  activeClients: {
    label: 'Active Clients',
    definition: `The number of ${ACTIVE_CLIENT}.`,
  },
  daysSalesOutstanding: {
    label: 'Days sales outstanding',
    definition:
      "What clients owe today on sent and overdue fee invoices / fees invoiced in the last 90 days × 90 (or × the days since the firm's first fee invoice, when that is fewer). The same on every period and in every export.",
  },
  // Reports.
  invoiced: {
    label: 'Invoiced',
    definition: 'Invoices issued in the period (issue day in the period), not drafts or cancelled.',
  },
  collected: {
    label: 'Collected',
    definition: 'Completed payments on invoices processed in the period, by the day they were processed.',
  },
  outstanding: {
    label: 'Outstanding',
    definition: "What customers owe at the period's end on sent and overdue invoices issued by then: totals less what has been paid.",
  },
  onboardingStarted: {
    label: 'Started',
    definition: 'Clients whose onboarding started in the period (the first step was saved). A client added but never started is not counted.',
  },
  onboardingInProgress: {
    label: 'In progress',
    definition: "Clients in onboarding at the period's end: started, not completed and not deactivated by then. On today it equals Active Onboarding.",
  },
} as const satisfies Record<string, GlossaryEntry>;

export type GlossaryKey = keyof typeof glossary;

/** The help text of a label: its definition. */
export function definitionOf(key: GlossaryKey): string {
  return glossary[key].definition;
}
