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
    definition: 'The total of bills not yet paid (received, scheduled or overdue), less vendor credits applied to them. A bill whose approval was rejected is not to be paid and is left out. The Bills badge counts the same bills.',
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
  // Bank reconciliation (issue 30): Reconcile panel, My Practice > Reconciliation, the Bank Reconciliation report.
  statementBalance: {
    label: 'Statement balance',
    definition: "The bank's balance at the end of the statement day, as the statement gives it (typed in from the statement when reconciling).",
  },
  cleared: {
    label: 'Cleared',
    definition:
      'Bank lines accounted for in the books: matched to payments, recorded from the line (a payment or an expense), or set aside as a transfer or excluded. A reconciliation locks the cleared lines through its day.',
  },
  uncleared: {
    label: 'Uncleared',
    definition: 'Bank lines still unmatched: on the statement, not yet in the books.',
  },
  bookBalance: {
    label: 'Book balance',
    definition:
      "The opening point plus the cleared lines after it through the day. The opening point is the statement balance of the account's last reconciliation before the day, or, before the first one, the opening balance of the account's earliest imported statement that gives one (0 without one).",
  },
  reconciliationDifference: {
    label: 'Difference',
    definition: 'Statement balance less book balance. The uncleared lines of the period explain it; 0.00 means the period reconciles.',
  },
  unmatchedLines: {
    label: 'Unmatched lines',
    definition: "The number and sum of a workspace's bank lines not yet matched, recorded or set aside, over its active accounts.",
  },
  staleAccounts: {
    label: 'Not reconciled 30+ days',
    definition: "Active bank accounts whose last reconciliation is more than 30 days before the workspace's today, or that were never reconciled.",
  },
  cashInBank: {
    label: 'Cash in Bank',
    definition:
      "The bank balances of the workspace's active accounts: an account's reconciled statement balance (its latest reconciliation) where it has one, else the balance its live feed last reported; accounts with neither are left out.",
  },
} as const satisfies Record<string, GlossaryEntry>;

export type GlossaryKey = keyof typeof glossary;

/** The help text of a label: its definition. */
export function definitionOf(key: GlossaryKey): string {
  return glossary[key].definition;
}
