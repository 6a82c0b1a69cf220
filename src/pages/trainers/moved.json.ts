import { trainerRedirects } from '../../prerender/trainerPages';

/**
 * Old trainer slugs and the slug each leads to now, published with the site it belongs to: the host
 * answers their URLs with a 301 (src/server/trainerRedirects.ts), swapped atomically with the pages.
 */
export function GET() {
  const moved = Object.fromEntries(trainerRedirects().map((r) => [r.from, r.to]));
  return new Response(JSON.stringify(moved), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
