import type { z } from 'zod';

/**
 * The `fieldErrors` of a 400 answer (README.md, HTTP API): messages by field. A message inside a
 * list or an object is kept under its dotted path too (`ceApprovals.1.hours`), so a form can put it
 * on the row it belongs to; the top-level key still holds it for callers that only look there.
 */
export function fieldErrorsOf(error: z.ZodError): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (fieldErrors[key] ??= []).push(message);
  for (const issue of error.issues) {
    if (issue.path.length === 0) {
      formErrors.push(issue.message);
      continue;
    }
    add(String(issue.path[0]), issue.message);
    if (issue.path.length > 1) add(issue.path.map(String).join('.'), issue.message);
  }
  return { formErrors, fieldErrors };
}
