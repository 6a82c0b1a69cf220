import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { consultationAnswer } from '#src/services/consultation/publicOfferings';

export const prerender = false;

const PUBLIC = { 'access-control-allow-origin': '*' } as const;

/**
 * The public consultation list (docs/product.md, Consultation): the /consultation page's filters,
 * paging and order (400 with field errors on a bad one). `X-Total-Count` says how many match, `X-Page`
 * which page, and `X-Filter-Counts` what each option of the facets would leave.
 */
export const GET = route(async (ctx) => {
  const answer = await consultationAnswer(ctx.url.search.slice(1));
  if ('refused' in answer) return json(answer.refused, 400, PUBLIC);
  return json(answer.rows, 200, {
    ...PUBLIC,
    'x-total-count': String(answer.total),
    'x-page': String(answer.page),
    'x-filter-counts': JSON.stringify(answer.counts),
  });
});
