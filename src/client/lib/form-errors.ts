import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';
import { toast } from './toast';

/** Puts a 4xx answer's per-field messages ({ fields }) under the form's own fields. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
}

/**
 * Saves a record from a form dialog with the spec's toasts: '<Noun> created/updated successfully'
 * (plus an optional description), then `onSaved`; on failure the server's field messages go under
 * the fields and an 'Error' toast shows its message.
 */
export async function saveRecord<T extends FieldValues, R>(options: {
  save: () => Promise<R>;
  noun: string;
  editing: boolean;
  onSaved: () => void;
  setError: UseFormSetError<T>;
  fields: readonly Path<T>[];
  describe?: (saved: R) => string | undefined;
}): Promise<void> {
  try {
    const saved = await options.save();
    toast({ title: `${options.noun} ${options.editing ? 'updated' : 'created'} successfully`, description: options.describe?.(saved) });
    options.onSaved();
  } catch (error) {
    applyServerErrors(error, options.setError, options.fields);
    const description = error instanceof Error ? error.message : `Could not save the ${options.noun.toLowerCase()}`;
    toast({ title: 'Error', description, variant: 'destructive' });
  }
}
