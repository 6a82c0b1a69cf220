import { route } from '../../../http/route';
import { json } from '../../../http/answers';
import { requireAdmin } from '../../../http/guards';
import { serverEnv } from '../../../settings';
import { publishingSiteId } from '../../../publish';
import { siteStatus } from '../../../services/siteStatus';

export const prerender = false;

/** README.md Publishing: `{ state, lastPublishedAt, lastError }`, plus the fleet's `instances`. */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  return json(await siteStatus(publishingSiteId(serverEnv())));
});
