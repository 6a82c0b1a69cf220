import { endpoint, json } from '../../../server/http';
import { requireAdmin } from '../../../auth/guard';
import { serverEnv } from '../../../settings';
import { publishingSiteId } from '../../../publish';
import { siteStatus } from '../../../services/siteStatus';

export const prerender = false;

/** README.md Publishing: `{ state, lastPublishedAt, lastError }`, plus the fleet's `instances`. */
export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  return json(await siteStatus(publishingSiteId(serverEnv())));
});
