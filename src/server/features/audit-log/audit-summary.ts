import { findCurrency } from '../../../shared/currencies';
import { type MoneyFormat, formatDecimal, parseMoney } from '../../../shared/money';

type Details = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);

/** The organization's currency, written the way that currency usually is. */
export function moneyFormatFor(currency: string): MoneyFormat {
  const known = findCurrency(currency);
  return { currency, locale: known?.locale ?? 'en-US', symbol: known?.symbol ?? currency, position: known?.position ?? 'before' };
}

function amount(value: unknown, format: MoneyFormat): string | null {
  const raw = text(value);
  // The decimal text as recorded, in the organization's currency: none of its digits rounded away.
  return raw === null || parseMoney(raw, { currency: 'CLF', round: true }) === null ? null : formatDecimal(raw, format);
}

const joined = (...parts: (string | null)[]): string | null => parts.filter((part): part is string => Boolean(part)).join(' · ') || null;

/** "Status draft → sent" from details { from, to } (or { status: { from, to } }). */
function statusChange(details: Details): string | null {
  const nested = details.status as { from?: unknown; to?: unknown } | undefined;
  const from = text(details.from) ?? text(nested?.from);
  const to = text(details.to) ?? text(nested?.to);
  // Without a "from" the action's label already says it (an invoice created as sent reads "Invoice sent").
  if (!from || !to || from === to) return null;
  return `Status ${from} → ${to}`;
}

/**
 * One readable line for what an audit row records, for the history, the Activity table and the
 * CSV. The row's details stay in the API answer in full; this only picks what a reader needs.
 */
export function summarizeAudit(action: string, details: Details, format: MoneyFormat, workspaceNames: ReadonlyMap<string, string> = new Map()): string | null {
  switch (action) {
    case 'workspace.switched':
    case 'workspace.entered': {
      // A workspace since deleted has no name left to show: say so rather than print its id.
      const name = (id: unknown) => (typeof id === 'string' ? (workspaceNames.get(id) ?? 'a removed workspace') : null);
      const from = name(details.from);
      const to = name(details.to);
      return from && to ? `From ${from} to ${to}` : null;
    }
    case 'bill_approval.approved':
    case 'bill_approval.rejected':
      return text(details.comments) ? `Comment: ${text(details.comments)}` : null;
    case 'invoice.emailed':
      return text(details.to) ? `To ${text(details.to)}` : null;
    case 'invoice.sent':
      return text(details.email) ? `To ${text(details.email)}` : text(details.reason) ? `Marked sent: ${text(details.reason)}` : statusChange(details);
    case 'invoice.reminder_sent':
    case 'invoice.reminder_failed': {
      const days = typeof details.daysOverdue === 'number' ? `${details.daysOverdue} ${details.daysOverdue === 1 ? 'day' : 'days'} overdue` : null;
      return joined(days, text(details.to) ? `to ${text(details.to)}` : null, text(details.failureReason));
    }
    case 'invoice.payment_recorded': {
      const paid = amount(details.amount, format);
      const method = text(details.method);
      return joined(paid ? `Payment of ${paid}${method ? ` by ${method}` : ''}` : null, text(details.reference), amount(details.balanceAfter, format) ? `balance ${amount(details.balanceAfter, format)}` : null);
    }
    case 'bill.payment_scheduled':
      return joined(amount(details.amount, format) ? `${amount(details.amount, format)} by ${text(details.method) ?? 'payment'}` : null, text(details.scheduledDate) ? `on ${text(details.scheduledDate)}` : null);
    case 'bill.paid':
    case 'payment_link.paid':
    case 'payment.completed':
      return amount(details.amount, format) ? `Amount ${amount(details.amount, format)}` : null;
    case 'payment.failed':
      return text(details.failureReason);
    case 'invoice.created':
    case 'bill.created':
      return joined(amount(details.totalAmount, format) ? `Total ${amount(details.totalAmount, format)}` : null, text(details.status) ? `status ${text(details.status)}` : null);
    case 'bill.approval_requested':
      return Array.isArray(details.rules) && details.rules.length > 0 ? `Rules: ${details.rules.map(String).join(', ')}` : null;
    default:
      return statusChange(details);
  }
}
