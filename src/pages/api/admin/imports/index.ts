import { json } from '#src/http/answers';
import { readJson, readLimited } from '#src/http/body';
import { HttpError } from '#src/http/errors';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { actorOf } from '#src/domain/actor';
import { FeedImportSchema, fileLabel } from '#src/domain/imports/importRequest';
import { IMPORT_LIMITS, IMPORT_MESSAGES, ImportFileError, readCsv } from '#src/domain/imports/importRows';
import { previewImport } from '#src/services/imports/preview';
import { previewFeed } from '#src/services/imports/feeds';
import { listImports, runAnswer } from '#src/services/imports/runs';

export const prerender = false;

/** The runs the member made (the team's: every run), and the listings no longer in their calendar. */
export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  return json(await listImports(actorOf(member)));
});

/**
 * A preview (docs/product.md, Import): a CSV file sent as the body (`text/csv`, its name in `?name=`),
 * or a calendar feed as JSON `{url, defaults}`. Nothing of a listing is written; the answer's id is
 * what `POST /api/admin/imports/{id}/apply` applies.
 */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const actor = actorOf(member);
  const type = ctx.request.headers.get('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) {
    const request = await readJson(ctx, FeedImportSchema);
    return json(runAnswer(await previewFeed(actor, request)), 201);
  }
  if (!/^text\/(csv|plain)\b/i.test(type)) throw new HttpError(415, 'Send a CSV file (text/csv) or a calendar address');
  const tooLarge = () => new HttpError(413, IMPORT_MESSAGES.tooLarge, { file: [IMPORT_MESSAGES.tooLarge] });
  if (Number(ctx.request.headers.get('content-length') ?? 0) > IMPORT_LIMITS.maxBytes) throw tooLarge();
  const text = await readLimited(ctx.request, IMPORT_LIMITS.maxBytes).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 413 ? tooLarge() : error;
  });
  let rows;
  try {
    rows = readCsv(text);
  } catch (error) {
    if (error instanceof ImportFileError) throw new HttpError(400, error.message, { file: [error.message] });
    throw error;
  }
  const label = fileLabel(new URL(ctx.request.url).searchParams.get('name'));
  return json(runAnswer(await previewImport(actor, { kind: 'csv', label, feedId: null, rows })), 201);
});
