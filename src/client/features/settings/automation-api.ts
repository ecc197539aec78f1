import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationSettings } from '@shared/contracts/invoice-reminders';
import { apiRequest } from '@/lib/api';

export const automationSettingsKey = ['/api/automation-settings'] as const;

/** The active workspace's payment reminders and recurring defaults. */
export function useAutomationSettings() {
  return useQuery<AutomationSettings>({ queryKey: automationSettingsKey });
}

export function useUpdateAutomationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<AutomationSettings>) => apiRequest<AutomationSettings>('PUT', '/api/automation-settings', input),
    onSuccess: (saved) => queryClient.setQueryData(automationSettingsKey, saved),
  });
}
