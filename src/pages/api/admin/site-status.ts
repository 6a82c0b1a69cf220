import { endpoint, json } from '../../../server/http';
import { requireAdmin } from '../../../auth/guard';
import { siteStatus } from '../../../publish/status';

export const prerender = false;

/** CONTRACT.md Publishing: `{ state, lastPublishedAt, lastError }`. */
export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  return json(await siteStatus());
});
