import { idParam, readJson } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireAdmin } from '#src/http/guards';
import { route } from '#src/http/route';
import { CloseReportSchema } from '#src/domain/trust/reports';
import { closeReport } from '#src/services/trust/listingReports';

export const prerender = false;

/** PATCH `{outcome: "fixed" | "dismissed", note}`: ends a report (409 when it already ended). */
export const PATCH = route(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const decision = await readJson(ctx, CloseReportSchema);
  return json(await closeReport(actorOf(admin), idParam(ctx), decision));
});
