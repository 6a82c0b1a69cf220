import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's field messages (the `fieldErrors` of a 400 or a 422) back on the form's fields
 * (docs/architecture.md, convention 3). A message kept under its dotted path too
 * (`ceApprovals.1.hours`, domain/fieldErrors.ts) goes on that row's field only, not on the list too.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!(error instanceof ApiError)) return;
  const entries = Object.entries(error.fieldErrors);
  for (const [field, messages] of entries) {
    const nested = entries.filter(([other]) => other.startsWith(`${field}.`)).flatMap(([, m]) => m);
    const own = messages.find((message) => !nested.includes(message));
    if (own) setError(field as Path<T>, { type: 'server', message: own });
  }
}
