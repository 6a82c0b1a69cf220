import { endpoint, HttpError, readJson } from '../../server/http';
import { clientIp } from '../../auth/guard';
import { ListingEventSchema } from '../../domain/listingEvents';
import { takeEventAllowance } from '../../services/eventLimit';
import { recordListingEvent } from '../../services/listingEvents';

export const prerender = false;

/**
 * POST /api/events {type, trainingId} (docs/product.md, Performance): the pages' beacon. 204 once
 * the event is kept for counting, and 204 too for a training that does not exist or is not
 * published (counted nowhere), so the answer says nothing about which ids exist. 400 with field
 * errors for a bad body, 429 beyond the address's minute. No cookie is read or set; a request
 * carrying Global Privacy Control or Do Not Track is answered alike and counted nowhere.
 */
export const POST = endpoint(async (ctx) => {
  const address = clientIp(ctx);
  const allowance = takeEventAllowance(address);
  if (!allowance.allowed)
    throw new HttpError(429, 'Too many requests. Try again later.', undefined, {
      'retry-after': String(allowance.retryAfterSeconds),
    });
  const event = await readJson(ctx, ListingEventSchema);
  const headers = ctx.request.headers;
  recordListingEvent(event, {
    address,
    userAgent: headers.get('user-agent') ?? '',
    optedOut: headers.get('sec-gpc') === '1' || headers.get('dnt') === '1',
  });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});
