/**
 * The one cache table: how long browsers and CDNs may keep each kind of published file. The host
 * (staticSite.ts) answers with it and a CDN deploy's `_headers` (server/netlifyRules.ts) is written
 * from it; tests/integration/cache-headers.test.ts compares the host's real answers with what that
 * file makes a CDN send.
 *
 * From the general to the specific: on a CDN every matching rule applies and the last one's value
 * of a header wins, and cacheControlFor() picks the same rule.
 */
export const CACHE_RULES = [
  // Pages change with every publish: kept, but asked again (ETag) each time.
  { kind: 'page', path: '/*', cacheControl: 'public, max-age=0, must-revalidate' },
  // Subscribed calendars, crawlers' sitemap and robots.txt read at their own pace; an hour is plenty.
  { kind: 'feed', path: '/feeds/*', cacheControl: 'public, max-age=3600' },
  { kind: 'sitemap', path: '/sitemap.xml', cacheControl: 'public, max-age=3600' },
  { kind: 'robots', path: '/robots.txt', cacheControl: 'public, max-age=3600' },
  // Hashed file names: a changed asset is a new name.
  { kind: 'asset', path: '/_astro/*', cacheControl: 'public, max-age=31536000, immutable' },
] as const;

export type CacheRule = (typeof CACHE_RULES)[number];

/** The rule of a published file's URL path (e.g. /feeds/all.ics, /training/x/index.html). */
export function cacheRuleFor(urlPath: string): CacheRule {
  for (let i = CACHE_RULES.length - 1; i > 0; i--) {
    const rule = CACHE_RULES[i]!;
    if (rule.path.endsWith('*') ? urlPath.startsWith(rule.path.slice(0, -1)) : urlPath === rule.path) return rule;
  }
  return CACHE_RULES[0];
}
