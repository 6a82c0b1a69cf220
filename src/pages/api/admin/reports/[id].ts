import { idParam, json, readJson } from '../../../../server/http';
import { actorOf, edge } from '../../../../server/edge';
import { requireAdmin } from '../../../../auth/guard';
import { CloseReportSchema } from '../../../../domain/reports';
import { closeReport } from '../../../../services/listingReports';

export const prerender = false;

/** PATCH `{outcome: "fixed" | "dismissed", note}`: ends a report (409 when it already ended). */
export const PATCH = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const decision = await readJson(ctx, CloseReportSchema);
  return json(await closeReport(actorOf(admin), idParam(ctx), decision));
});
