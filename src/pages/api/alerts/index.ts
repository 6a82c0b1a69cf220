import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { AlertRequestSchema } from '#src/domain/alerts/alerts';
import { clientIp } from '#src/http/guards';
import { subscribe } from '#src/services/alerts/alerts';

export const prerender = false;

/**
 * POST /api/alerts {email, query, frequency} (docs/product.md, Alerts): 202 check-your-email whether
 * or not the address is known, so addresses cannot be enumerated; 400 with field errors for a bad
 * email, query or frequency; 429 when one client address asks too often. No Origin check: anyone may
 * ask for an alert for any address (as with any sign-up form), and nothing is sent but the
 * confirmation mail to that address. The pages' form posts to /alerts/subscribe, its HTML twin.
 */
export const POST = route(async (ctx) => {
  const input = await readJson(ctx, AlertRequestSchema);
  const outcome = await subscribe(input, clientIp(ctx));
  if (outcome.status === 'throttled') {
    throw new HttpError(429, 'Too many requests. Try again later.', undefined, {
      'retry-after': String(outcome.retryAfterSeconds),
    });
  }
  return json({ status: 'check-your-email' }, 202);
});
