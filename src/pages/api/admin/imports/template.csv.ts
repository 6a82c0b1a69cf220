import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { importTemplate } from '#src/domain/imports/importTemplate';

export const prerender = false;

/** The import file's template: the product's own columns and a line explaining each. */
export const GET = route(async (ctx) => {
  await requireListingAccess(ctx);
  return new Response(importTemplate(), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="trainings-import-template.csv"',
      'cache-control': 'no-store',
    },
  });
});
