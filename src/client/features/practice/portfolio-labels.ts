import type { BadgeVariant } from '@/components/ui/badge';
import type { GrantableRole } from '@shared/contracts/portfolio';
import type { ClientOnboardingStatus, ServiceLevel } from '@shared/contracts/practice';

export const serviceLevelLabels: Record<ServiceLevel, string> = { basic: 'Basic', standard: 'Standard', premium: 'Premium', enterprise: 'Enterprise' };

export const serviceLevelVariants: Record<ServiceLevel, BadgeVariant> = { basic: 'secondary', standard: 'info', premium: 'default', enterprise: 'warning' };

export const onboardingStatusLabels: Record<ClientOnboardingStatus, string> = { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed' };

export const onboardingStatusVariants: Record<ClientOnboardingStatus, BadgeVariant> = { pending: 'secondary', in_progress: 'warning', completed: 'success' };

export const grantRoleLabels: Record<GrantableRole, string> = { accountant: 'Accountant', approver: 'Approver', viewer: 'Viewer', admin: 'Admin' };

export const isServiceLevel = (value: string): value is ServiceLevel => value in serviceLevelLabels;
export const isOnboardingStatus = (value: string): value is ClientOnboardingStatus => value in onboardingStatusLabels;

/** Green for a rise, red for a fall, grey otherwise. */
export function trendTone(trend: string | null): string {
  if (trend?.startsWith('+')) return 'text-green-700';
  if (trend?.startsWith('-')) return 'text-red-700';
  return 'text-slate-500';
}

const wordLabels: Record<string, string> = {
  llc: 'LLC',
  quickbooks: 'QuickBooks',
  xero: 'Xero',
  sage: 'Sage',
  freshbooks: 'FreshBooks',
  none: 'None',
};

/** "professional_services" -> "Professional services", "llc" -> "LLC": a stored choice as a label. */
export function choiceLabel(value: string | null): string | null {
  if (!value) return null;
  const known = wordLabels[value];
  if (known) return known;
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
