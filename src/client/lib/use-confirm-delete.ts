import { useState } from 'react';
import { toast } from './toast';

/**
 * The record a list page is asking to delete, and the confirmed delete with the spec's toasts
 * ('<Noun> deleted successfully', or 'Error' with the server's message).
 */
export function useConfirmDelete<T extends { id: string }>(remove: { mutateAsync: (id: string) => Promise<unknown> }, noun: string) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: `${noun} deleted successfully` });
    } catch (error) {
      const description = error instanceof Error ? error.message : `Could not delete the ${noun.toLowerCase()}`;
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };
  return { deleting, setDeleting, confirmDelete };
}
