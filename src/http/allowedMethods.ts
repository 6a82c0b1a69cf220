import { isMemberAreaPath } from '../domain/adminPaths';

/**
 * Which methods an admin route answers, read from the route module's own exports (the one place
 * that says it), so a wrong method gets 405 with an Allow header rather than Astro's bare 404.
 */
const endpoints = import.meta.glob<Record<string, unknown>>('../pages/api/admin/**/*.ts');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const known = new Map<string, readonly string[] | null>();

/** The methods of an admin page or admin API route, or null when the route is not one (or takes any). */
export async function allowedMethods(routePattern: string): Promise<readonly string[] | null> {
  if (isMemberAreaPath(routePattern)) return ['GET', 'HEAD'];
  if (!routePattern.startsWith('/api/admin/')) return null;
  if (known.has(routePattern)) return known.get(routePattern)!;
  const load = endpoints[`../pages${routePattern}.ts`] ?? endpoints[`../pages${routePattern}/index.ts`];
  let allowed: readonly string[] | null = null;
  if (load) {
    const exports = await load();
    if (!('ALL' in exports))
      allowed = METHODS.filter(
        (method) => typeof exports[method] === 'function' || (method === 'HEAD' && typeof exports.GET === 'function'),
      );
  }
  known.set(routePattern, allowed);
  return allowed;
}
