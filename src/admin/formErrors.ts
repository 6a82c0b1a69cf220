import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Puts the server's field messages (400 `fieldErrors`) back on the form's fields (docs/architecture.md, convention 3). */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
}
