import type { APIContext } from 'astro';
import { endpoint, HttpError, json, readJson } from '../../../server/http';
import { isFormPost, readForm, seeOther } from '../../../server/formPost';
import { AlertRequestSchema } from '../../../domain/alerts';
import { clientIp } from '../../../auth/guard';
import { subscribe } from '../../../services/alerts';

export const prerender = false;

/**
 * POST /api/alerts {email, query, frequency} (docs/product.md, Alerts): 202 check-your-email whether
 * or not the address is known, so addresses cannot be enumerated; 400 with field errors for a bad
 * email, query or frequency; 429 when one client address asks too often. No Origin check: anyone may
 * ask for an alert for any address (as with any sign-up form), and nothing is sent but the
 * confirmation mail to that address.
 */
export const POST = endpoint(async (ctx) => {
  if (isFormPost(ctx.request)) return formSubscribe(ctx);
  const input = await readJson(ctx, AlertRequestSchema);
  const outcome = await subscribe(input, clientIp(ctx));
  if (outcome.status === 'throttled') {
    throw new HttpError(429, 'Too many requests. Try again later.', undefined, {
      'retry-after': String(outcome.retryAfterSeconds),
    });
  }
  return json({ status: 'check-your-email' }, 202);
});

const FIELDS = ['email', 'query', 'frequency'] as const;

/**
 * The subscribe form posted as a plain form (before its script ran, or without JavaScript; fields
 * email, query, frequency): a redirect to /alerts/requested, which says what happened. Only the name
 * of a bad field is passed on, never what was typed.
 */
async function formSubscribe(ctx: APIContext): Promise<Response> {
  const parsed = AlertRequestSchema.safeParse(await readForm(ctx));
  if (!parsed.success) {
    const field = FIELDS.find((name) => parsed.error.issues.some((issue) => issue.path[0] === name)) ?? 'email';
    return seeOther(`/alerts/requested?invalid=${field}`, []);
  }
  const outcome = await subscribe(parsed.data, clientIp(ctx));
  return seeOther(outcome.status === 'throttled' ? '/alerts/requested?busy=1' : '/alerts/requested', []);
}
