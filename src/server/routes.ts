import { ADMIN, PARTNER_ACCOUNT } from '../domain/adminPaths';

/**
 * The one route table: which paths the host hands to something other than the published static
 * files, and which of them a CDN deploy proxies to the API origin. The host routes by it and the
 * CDN's `_redirects` is generated from it; routes.test.ts fails when an on-demand page of the build
 * is missing from either.
 */
export type RouteHandler = 'health' | 'listing' | 'events' | 'objects' | 'astro';

export interface Route {
  path: string;
  match: 'exact' | 'prefix';
  handler: RouteHandler;
  /** A CDN deploy proxies it to the API origin; health checks belong to the origin's own balancer. */
  proxied: boolean;
  /** Only these methods; others fall through to the next route. */
  readsOnly?: boolean;
}

export const ROUTES: readonly Route[] = [
  { path: '/healthz', match: 'exact', handler: 'health', proxied: false },
  { path: '/readyz', match: 'exact', handler: 'health', proxied: false },
  // The public list without Astro's per-request overhead; writes to it are Astro's 405.
  { path: '/api/trainings', match: 'exact', handler: 'listing', proxied: true, readsOnly: true },
  // The pages' beacon (docs/product.md, Performance), also without Astro: it must never slow the pages.
  { path: '/api/events', match: 'exact', handler: 'events', proxied: true },
  { path: '/api/', match: 'prefix', handler: 'astro', proxied: true },
  { path: ADMIN, match: 'exact', handler: 'astro', proxied: true },
  { path: `${ADMIN}/`, match: 'prefix', handler: 'astro', proxied: true },
  // A partner's area (docs/product.md, Partners): on demand, like the team's admin.
  { path: PARTNER_ACCOUNT, match: 'exact', handler: 'astro', proxied: true },
  { path: `${PARTNER_ACCOUNT}/`, match: 'prefix', handler: 'astro', proxied: true },
  // Email alerts: the pages' form posts here, and the links in the mails (confirm, unsubscribe,
  // manage) open these; each answer depends on its token (docs/product.md, Alerts).
  { path: '/alerts/', match: 'prefix', handler: 'astro', proxied: true },
  // Trust (docs/product.md): the report form shown again and its thank-you, the reminder's confirm link.
  { path: '/listings/', match: 'prefix', handler: 'astro', proxied: true },
  // The no-JavaScript target of the home filters, rendered on demand.
  { path: '/trainings', match: 'exact', handler: 'astro', proxied: true },
  // Consultation (docs/product.md, Consultation): the filter form's no-JavaScript answer, and how an
  // introduction request sent by the page's plain form went.
  { path: '/consultation/search', match: 'exact', handler: 'astro', proxied: true },
  { path: '/consultation/introduction', match: 'exact', handler: 'astro', proxied: true },
  // Trainer photos kept by the application (disk or database).
  { path: '/objects/', match: 'prefix', handler: 'objects', proxied: true },
];

/** Where a path that matches no route and no static file goes: the chrome'd "training not found" page. */
export const NOT_FOUND_PAGES = [{ prefix: '/training/', page: '/training-not-found' }] as const;

/** A plain loop, not `find` with a closure: it runs for every request, static files included. */
export function routeFor(pathname: string, method = 'GET'): Route | undefined {
  const isRead = method === 'GET' || method === 'HEAD';
  for (const route of ROUTES) {
    const matches = route.match === 'exact' ? pathname === route.path : pathname.startsWith(route.path);
    if (matches && (!route.readsOnly || isRead)) return route;
  }
  return undefined;
}
