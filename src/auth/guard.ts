import type { APIContext, AstroGlobal } from 'astro';
import { HttpError } from '../server/http';
import { serverEnv } from '../env';
import type { Role } from '../domain/roles';
import { sessionCookieName } from './cookieNames';
import { validateToken, type AdminSession } from './sessions';
import { allowedBeforeEnrolment, enrolmentRequired, ENROLMENT_REQUIRED_MESSAGE } from './secondFactors';

type Ctx = Pick<APIContext, 'cookies' | 'request' | 'url'>;

/** The signed-in admin, or null. A bad cookie of any shape is simply "not signed in". */
export async function currentAdmin(ctx: Ctx | AstroGlobal): Promise<AdminSession | null> {
  return validateToken(ctx.cookies.get(sessionCookieName())?.value);
}

/** Every /api/admin/* route except login and session: 401 JSON without a session (README.md). */
export async function requireAdmin(ctx: Ctx): Promise<AdminSession> {
  const admin = await currentAdmin(ctx);
  if (!admin) throw new HttpError(401, 'Not authenticated');
  if (!['GET', 'HEAD'].includes(ctx.request.method)) requireSameOrigin(ctx);
  // The site requires a second factor and this member has none: only enrolment until they set one up.
  if (!allowedBeforeEnrolment(ctx.url.pathname) && (await enrolmentRequired(admin.adminId)))
    throw new HttpError(403, ENROLMENT_REQUIRED_MESSAGE);
  return admin;
}

/**
 * A route only some roles may use (docs/product.md, The team): 401 without a session, 403 JSON for a
 * role it is not for, and the same-origin check of requireAdmin for state-changing calls.
 */
export async function requireRole(ctx: Ctx, ...roles: Role[]): Promise<AdminSession> {
  const admin = await requireAdmin(ctx);
  if (!roles.includes(admin.role)) throw new HttpError(403, 'Your role may not do this');
  return admin;
}

/**
 * The origins that are this site for a request's same-origin check: the public one (SITE_URL), and
 * the one the request was addressed to (by its URL and its Host header), which differ behind a proxy
 * or on localhost. A browser's Origin names the page that sent it, so a page elsewhere never
 * matches. Passkeys do not use this: their origins come from configuration only (relyingParty.ts).
 */
export function ownOrigins(ctx: Ctx): string[] {
  const origins = new Set([new URL(serverEnv().siteUrl).origin, ctx.url.origin]);
  const host = ctx.request.headers.get('host');
  if (host) origins.add(`${ctx.url.protocol}//${host}`);
  return [...origins];
}

/**
 * State-changing admin calls must come from our own pages: Origin must be one of ours; a missing or
 * foreign Origin is 403. Astro's checkOrigin only covers form posts.
 */
export function requireSameOrigin(ctx: Ctx): void {
  const origin = ctx.request.headers.get('origin');
  if (!origin || !ownOrigins(ctx).includes(origin)) throw new HttpError(403, 'Cross-site request refused');
}

/** The client's address as the host resolved it behind trusted proxies (TRUST_PROXY). */
export function clientIp(ctx: Pick<APIContext, 'locals' | 'clientAddress'>): string {
  if (ctx.locals.clientAddress) return ctx.locals.clientAddress;
  try {
    return ctx.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
