import { fieldErrorsOf } from '../domain/fieldErrors';
import { ListingEventSchema } from '../domain/performance/listingEvents';
import { takeEventAllowance } from '../services/performance/eventLimit';
import { recordListingEvent } from '../services/performance/listingEvents';
import { jsonAnswer, answer, type Answer } from './answer';

/**
 * `POST /api/events {type, trainingId}` (docs/product.md, Performance), the pages' beacon. The host
 * answers it itself, without Astro's per-request overhead (routes.ts), as it does the public list:
 * through Astro a beacon cost about 3 ms of the app's thread, so 200 a second took most of a core
 * (scripts/bench/beaconLoad.ts). The Astro route (src/pages/api/events.ts, for `astro dev`) gives
 * the same answers from the same function.
 *
 * 204 once the event is kept for counting, and 204 too for a training that does not exist or is
 * not published (counted nowhere), so the answer tells nothing of which ids exist. 400 with field
 * errors for a bad body, 429 beyond the address's minute. No cookie is read or set; a request with
 * Global Privacy Control or Do Not Track is answered alike and counted nowhere.
 */
export const MAX_EVENT_BYTES = 8 * 1024;

export interface EventRequest {
  method: string;
  contentType: string;
  /** null: longer than MAX_EVENT_BYTES. */
  body: string | null;
  address: string;
  userAgent: string;
  /** `Sec-GPC: 1` or `DNT: 1`. */
  optedOut: boolean;
}

const refused = (status: number, error: string, headers: Record<string, string> = {}): Answer =>
  jsonAnswer(status, JSON.stringify({ error }), headers);

/** Kept for counting (or counted nowhere): no body, and nothing for a cache to keep. */
const COUNTED = answer(204, { 'cache-control': 'no-store' });

export function eventAnswer(request: EventRequest, requestId: string): Answer {
  if (request.method !== 'POST') return refused(405, 'Method not allowed', { allow: 'POST' });
  const allowance = takeEventAllowance(request.address);
  if (!allowance.allowed)
    return refused(429, 'Too many requests. Try again later.', {
      'retry-after': String(allowance.retryAfterSeconds),
    });
  if (!/^application\/json\b/i.test(request.contentType)) return refused(415, 'Content-Type must be application/json');
  if (request.body === null) return refused(413, 'Request body too large');
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return jsonAnswer(400, JSON.stringify({ error: 'Request body is not valid JSON', fieldErrors: {}, requestId }));
  }
  const event = ListingEventSchema.safeParse(body);
  if (!event.success) {
    const { formErrors, fieldErrors } = fieldErrorsOf(event.error);
    return jsonAnswer(400, JSON.stringify({ error: formErrors[0] ?? 'Invalid input', fieldErrors, requestId }));
  }
  recordListingEvent(event.data, {
    address: request.address,
    userAgent: request.userAgent,
    optedOut: request.optedOut,
  });
  return COUNTED;
}

/** Whether the request says its browser asks not to be tracked (Global Privacy Control, Do Not Track). */
export const optsOut = (header: (name: string) => string | null | undefined): boolean =>
  header('sec-gpc') === '1' || header('dnt') === '1';
