import { idParam, readJson } from '../../../../http/body';
import { json } from '../../../../http/answers';
import { actorOf } from '../../../../domain/actor';
import { requireAdmin } from '../../../../http/guards';
import { route } from '../../../../http/route';
import { CloseReportSchema } from '../../../../domain/reports';
import { closeReport } from '../../../../services/listingReports';

export const prerender = false;

/** PATCH `{outcome: "fixed" | "dismissed", note}`: ends a report (409 when it already ended). */
export const PATCH = route(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const decision = await readJson(ctx, CloseReportSchema);
  return json(await closeReport(actorOf(admin), idParam(ctx), decision));
});
