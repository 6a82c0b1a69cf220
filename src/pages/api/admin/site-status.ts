import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { requireAdmin } from '#src/http/guards';
import { serverEnv } from '#src/settings';
import { publishingSiteId } from '#src/publish';
import { siteStatus } from '#src/services/siteStatus';

export const prerender = false;

/** README.md Publishing: `{ state, lastPublishedAt, lastError }`, plus the fleet's `instances`. */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  return json(await siteStatus(publishingSiteId(serverEnv())));
});
