import type { APIContext, AstroGlobal } from 'astro';
import { HttpError } from './errors';
import { passkeyEnv } from '../settings';
import { LISTING_ROLES, TEAM_MEMBER_ROLES, type Role } from '../domain/team/roles';
import { sessionCookieName } from '../auth/cookieNames';
import { validateToken, type AdminSession } from '../auth/sessions';
import { steppedUpUntil } from '../auth/stepUp';
import { STEP_UP_MESSAGE, STEP_UP_REQUIRED } from '../domain/team/stepUp';
import { allowedBeforeEnrolment, enrolmentRequired, ENROLMENT_REQUIRED_MESSAGE } from '../auth/secondFactors';

type Ctx = Pick<APIContext, 'cookies' | 'request' | 'url'>;

/** The signed-in admin, or null. A bad cookie of any shape is simply "not signed in". */
export async function currentAdmin(ctx: Ctx | AstroGlobal): Promise<AdminSession | null> {
  return validateToken(ctx.cookies.get(sessionCookieName())?.value);
}

/**
 * Any signed-in account, the team's or a partner's (docs/product.md, Partners): only for a member's own
 * account (me/*, step-up, logout). 401 JSON without a session (README.md), the same-origin check on
 * state changes, and the site's two-factor rule.
 */
export async function requireSignedIn(ctx: Ctx): Promise<AdminSession> {
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
 * role it is not for, and the same-origin check of requireSignedIn for state-changing calls.
 */
export async function requireRole(ctx: Ctx, ...roles: Role[]): Promise<AdminSession> {
  const admin = await requireSignedIn(ctx);
  if (!roles.includes(admin.role)) throw new HttpError(403, 'Your role may not do this');
  return admin;
}

/**
 * The default guard of every /api/admin/* route: the site's team (owner, admin, editor). A partner gets
 * 403 here, so a new route is closed to partners until it names them (requireListingAccess).
 */
export function requireAdmin(ctx: Ctx): Promise<AdminSession> {
  return requireRole(ctx, ...TEAM_MEMBER_ROLES);
}

/**
 * The listing routes partners share with the team (trainers, trainings, photos, postal places). What a
 * partner reaches there is scoped below the routes, in the use cases (services/trainerScope.ts).
 */
export function requireListingAccess(ctx: Ctx): Promise<AdminSession> {
  return requireRole(ctx, ...LISTING_ROLES);
}

/**
 * The origins a request may come from to change anything (docs/security.md, Requests, origins and
 * addresses): SITE_URL's and those listed in PASSKEY_ORIGINS, from configuration only. Neither the
 * request's Host header nor its URL (which Astro builds from the Host) counts: a page on a name that
 * resolves to this server (DNS rebinding, a stray virtual host) sends a Host and an Origin of its
 * own that agree, and must not pass for the site.
 */
export function siteOrigins(): string[] {
  return passkeyEnv().origins;
}

/**
 * The origins a photo's upload URL may name (storage keyFromURL): the site's, and the address the
 * request was sent to, which behind a proxy or on localhost differs. Only a URL this site signed is
 * ever taken, so the Host adds no authority here; the same-origin check never uses this list.
 */
export function ownOrigins(ctx: Ctx): string[] {
  const origins = new Set([...siteOrigins(), ctx.url.origin]);
  const host = ctx.request.headers.get('host');
  if (host) origins.add(`${ctx.url.protocol}//${host}`);
  return [...origins];
}

/**
 * State-changing admin calls must come from our own pages: Origin must be one of the site's
 * (siteOrigins); a missing or foreign Origin is 403. Astro's checkOrigin only covers form posts.
 */
export function requireSameOrigin(ctx: Ctx): void {
  const origin = ctx.request.headers.get('origin');
  if (!origin || !siteOrigins().includes(origin)) throw new HttpError(403, 'Cross-site request refused');
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

/**
 * The step-up guard (docs/decisions/0021-step-up.md): returns the session when it is stepped up, else
 * throws the 403 `{error, code: 'step_up_required'}` that asks for it.
 */
export function requireStepUp(session: AdminSession, now = new Date()): AdminSession {
  const until = steppedUpUntil(session);
  if (!until || until <= now) throw new HttpError(403, STEP_UP_MESSAGE, undefined, undefined, STEP_UP_REQUIRED);
  return session;
}
