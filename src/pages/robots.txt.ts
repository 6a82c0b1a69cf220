import type { APIContext } from 'astro';

/** Crawlers keep out of the admin and the API; the calendar and RSS feeds are public and may be fetched. */
export function GET({ site }: APIContext) {
  const body = [
    'User-agent: *',
    'Allow: /feeds/',
    'Disallow: /admin',
    'Disallow: /api',
    `Sitemap: ${new URL('/sitemap.xml', site)}`,
    '',
  ];
  return new Response(body.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
