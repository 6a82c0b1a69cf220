import { ApiError } from './api';

/** The server's own sentence for a refused call (its `error`), or `fallback`. */
export function apiErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    const body = JSON.parse(error.message.replace(/^\d+: /, '')) as { error?: string };
    return body.error ?? fallback;
  } catch {
    return fallback;
  }
}
