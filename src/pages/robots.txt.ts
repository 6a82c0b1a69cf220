import type { APIContext } from 'astro';

/** Crawlers keep out of the admin and the API (issue 4). */
export function GET({ site }: APIContext) {
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${new URL('/sitemap.xml', site)}`, ''];
  return new Response(body.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
