import { route } from '#src/http/route';
import { json, seeOther } from '#src/http/answers';
import { clientIp, currentAdmin, requireSignedIn, requireSameOrigin } from '#src/http/guards';
import { clearedSessionCookie, noticeCookie, sessionToken } from '#src/http/cookies';
import { signOut } from '#src/services/team/signOut';
import { isFormPost } from '#src/http/formPost';
import { requestLog } from '#src/log';
import { signInFor } from '#src/domain/team/landing';

export const prerender = false;

/**
 * POST /api/admin/logout: the session is deleted on the server, the cookie cleared. The
 * dashboard's Logout is also a plain form (it works before the page's script runs): a form post,
 * checked for the same origin, is answered with a redirect to the sign-in page (a partner's own, docs/product.md, Partners), signed in or not.
 */
export const POST = route(async (ctx) => {
  const viaForm = isFormPost(ctx.request);
  if (viaForm) requireSameOrigin(ctx);
  const admin = viaForm ? await currentAdmin(ctx) : await requireSignedIn(ctx);
  if (admin) {
    await signOut(sessionToken(ctx.cookies), admin, clientIp(ctx));
    requestLog(ctx.locals.requestId).info({ event: 'logout', email: admin.email, ip: clientIp(ctx) }, 'logout');
  }
  if (viaForm) return seeOther(signInFor(admin?.role), [clearedSessionCookie(), noticeCookie('logged-out')]);
  return json({ authenticated: false }, 200, { 'set-cookie': clearedSessionCookie() });
});
