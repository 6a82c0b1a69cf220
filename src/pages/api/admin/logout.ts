import { endpoint, json } from '../../../server/http';
import { clientIp, currentAdmin, requireSignedIn, requireSameOrigin } from '../../../auth/guard';
import { clearedSessionCookie } from '../../../auth/sessions';
import { sessionCookieName } from '../../../auth/cookieNames';
import { signOut } from '../../../services/signOut';
import { isFormPost, noticeCookie, seeOther } from '../../../server/formPost';
import { serverEnv } from '../../../settings';
import { requestLog } from '../../../log';
import { signInFor } from '../../../domain/landing';

export const prerender = false;

/**
 * POST /api/admin/logout: the session is deleted on the server, the cookie cleared. The
 * dashboard's Logout is also a plain form (it works before the page's script runs): a form post,
 * checked for the same origin, is answered with a redirect to the sign-in page (a partner's own, docs/product.md, Partners), signed in or not.
 */
export const POST = endpoint(async (ctx) => {
  const viaForm = isFormPost(ctx.request);
  if (viaForm) requireSameOrigin(ctx);
  const admin = viaForm ? await currentAdmin(ctx) : await requireSignedIn(ctx);
  if (admin) {
    await signOut(ctx.cookies.get(sessionCookieName())?.value, admin, clientIp(ctx));
    requestLog(ctx.locals.requestId).info({ event: 'logout', email: admin.email, ip: clientIp(ctx) }, 'logout');
  }
  const secure = serverEnv().secureCookie;
  if (viaForm)
    return seeOther(signInFor(admin?.role), [clearedSessionCookie(secure), noticeCookie('logged-out', secure)]);
  return json({ authenticated: false }, 200, { 'set-cookie': clearedSessionCookie(secure) });
});
