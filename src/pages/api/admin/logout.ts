import { endpoint, json } from '../../../server/http';
import { clientIp, requireAdmin } from '../../../auth/guard';
import { clearedSessionCookie, endSession, SESSION_COOKIE } from '../../../auth/sessions';
import { serverEnv } from '../../../env';
import { requestLog } from '../../../server/log';

export const prerender = false;

/** POST /api/admin/logout: the session is deleted on the server, the cookie cleared. */
export const POST = endpoint(async (ctx) => {
  const admin = await requireAdmin(ctx);
  await endSession(ctx.cookies.get(SESSION_COOKIE)?.value);
  requestLog(ctx.locals.requestId).info({ event: 'logout', email: admin.email, ip: clientIp(ctx) }, 'logout');
  return json({ authenticated: false }, 200, { 'set-cookie': clearedSessionCookie(serverEnv().secureCookie) });
});
