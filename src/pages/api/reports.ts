import type { APIContext } from 'astro';
import { route } from '../../http/route';
import { HttpError } from '../../http/errors';
import { json, seeOther } from '../../http/answers';
import { readJson } from '../../http/body';
import { isFormPost, readRequestForm } from '../../http/formPost';
import { clientIp } from '../../http/guards';
import { REPORT_LIMIT_MESSAGES, ReportRequestSchema, type RefusedReport } from '../../domain/trust/reports';
import { fieldErrorsOf } from '../../domain/fieldErrors';
import { REPORT_FORM_PATH, REPORT_RECEIVED_PATH } from '../../domain/trust/trustPages';
import { submitReport, type SubmitOutcome } from '../../services/trust/listingReports';

export const prerender = false;

/**
 * POST /api/reports (docs/product.md, Trust): a visitor's report of a problem with a listing.
 * - JSON: 202 `{"status":"received"}`; 400 with field errors; 404 for a training the public does not
 *   see; 429 beyond a daily limit (5 reports from one client address, 20 about one training, 200 for
 *   the site), with Retry-After and a message naming the limit.
 * - The training page's plain form (no script): a report taken is answered 303 See Other to "Thanks,
 *   we'll look at it", so Back and reload never send it again (a resent report would count against
 *   the address's 5 a day); a refused one shows the form again, filled in, with its messages and its
 *   status (400, 404, 429). Astro's cross-site form check refuses another site's form posts.
 * No Origin check for JSON: anyone may report, and nothing is sent back but at most one mail, to the
 * address the reporter gave, when the team ends the report.
 */
export const POST = route(async (ctx) => {
  if (isFormPost(ctx.request)) return formPost(ctx);
  const outcome = await submitReport(await readJson(ctx, ReportRequestSchema), clientIp(ctx));
  if (outcome.status === 'unknown-training') throw new HttpError(404, 'Training not found');
  if (outcome.status === 'throttled')
    throw new HttpError(429, REPORT_LIMIT_MESSAGES[outcome.limit], undefined, {
      'retry-after': String(outcome.retryAfterSeconds),
    });
  return json({ status: 'received' }, 202);
});

async function formPost(ctx: APIContext): Promise<Response> {
  // Read from a copy: a refused post is rewritten to the form's page, which needs the request unread.
  const form = await readRequestForm(ctx.request.clone());
  const parsed = ReportRequestSchema.safeParse(form);
  const kept = { reason: form.reason ?? '', details: form.details ?? '', email: form.email ?? '' };
  const refuse = async (
    status: RefusedReport['status'],
    errors: Record<string, string[]>,
    headers?: Record<string, string>,
    limit?: RefusedReport['limit'],
  ) => {
    ctx.locals.refusedReport = { status, limit, trainingId: form.trainingId ?? '', kept: { ...kept, errors } };
    return withHeaders(await ctx.rewrite(REPORT_FORM_PATH), headers);
  };
  if (!parsed.success) return refuse(400, fieldErrorsOf(parsed.error).fieldErrors);
  const outcome: SubmitOutcome = await submitReport(parsed.data, clientIp(ctx));
  if (outcome.status === 'unknown-training') return refuse(404, {});
  if (outcome.status === 'throttled')
    return refuse(429, {}, { 'retry-after': String(outcome.retryAfterSeconds) }, outcome.limit);
  return seeOther(`${REPORT_RECEIVED_PATH}?training=${encodeURIComponent(parsed.data.trainingId)}`, []);
}

function withHeaders(response: Response, headers: Record<string, string> = {}): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
