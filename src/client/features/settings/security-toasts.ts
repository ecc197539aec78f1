import { toast } from '@/lib/toast';

/** The Security tab's two toasts (spec 9), shared by the password form, the toggles and two-factor. */
export const securitySaved = () =>
  toast({
    title: 'Security updated',
    description: 'Your security settings have been saved successfully.',
  });
export const securityFailed = () =>
  toast({
    title: 'Update failed',
    description: 'There was an error updating your security settings.',
    variant: 'destructive',
  });
