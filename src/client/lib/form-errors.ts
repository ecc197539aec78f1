import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Puts a 4xx answer's per-field messages ({ fields }) under the form's own fields. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) setError(field, { type: 'server', message });
  }
}
