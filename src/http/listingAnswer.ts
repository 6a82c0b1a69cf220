import { listingBytes, type ListingBytes } from '../services/listingAnswers';
import type { ListingPaging, ListingRefusal } from '../services/publicListing';
import { jsonAnswer, type Answer } from './answer';

/**
 * `GET /api/trainings` as an answer, for the host's fast path and the Astro route alike. Any site may
 * read the public list (the trainers' widget runs on their own sites): it is the only API answer that
 * says so; no cookie is read or set for it. A page says how many match (`X-Total-Count`), which page
 * it is (`X-Page`) and its neighbours (`Link`, RFC 8288); `counts=1` adds `X-Filter-Counts`.
 */
const PUBLIC = { 'access-control-allow-origin': '*' } as const;

/** Made once per shared list (listingAnswers.ts): every request asking the same gets the same answer. */
const made = new WeakMap<ListingBytes, Answer>();

export async function listingAnswer(queryString: string, now = new Date()): Promise<Answer> {
  const outcome = await listingBytes(queryString, now);
  if ('refused' in outcome) return refusedAnswer(outcome.refused);
  let answered = made.get(outcome);
  if (!answered) made.set(outcome, (answered = listAnswer(outcome)));
  return answered;
}

function refusedAnswer(refused: ListingRefusal): Answer {
  return jsonAnswer(400, JSON.stringify({ error: refused.error, fieldErrors: refused.fieldErrors }), PUBLIC);
}

/** A shared list's answer (exported for the adapters' test). */
export function listAnswer(list: ListingBytes): Answer {
  const headers: Record<string, string> = { ...PUBLIC, 'x-total-count': String(list.total) };
  if (list.paging) {
    headers['x-page'] = String(list.paging.page);
    headers.link = pageLinks(list.paging);
  }
  if (list.counts) headers['x-filter-counts'] = JSON.stringify(list.counts);
  return jsonAnswer(200, list.body, headers);
}

function pageLinks({ page, pageCount, linkQuery }: ListingPaging): string {
  const link = (n: number, rel: string) => {
    const query = new URLSearchParams(linkQuery);
    query.set('page', String(n));
    return `</api/trainings?${query}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < pageCount) links.push(link(page + 1, 'next'));
  links.push(link(pageCount, 'last'));
  return links.join(', ');
}
