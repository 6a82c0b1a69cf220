import { json, readJson } from '../../../../../server/http';
import { edge } from '../../../../../server/edge';
import { clientIp, requireSameOrigin } from '../../../../../auth/guard';
import { finishLogin } from '../../../../../auth/pendingLogin';
import { AcceptInvitationSchema } from '../../../../../domain/team';
import { acceptInvitation } from '../../../../../services/team';

export const prerender = false;

/**
 * The invitation page's form (no session needed: the link's token is the authority, once):
 * `{password}` → 201, the new member signed in like a login. 404 for an unknown, used or withdrawn
 * link, 410 for an expired one (docs/product.md, The team).
 */
export const POST = edge(async (ctx) => {
  requireSameOrigin(ctx);
  const { password } = await readJson(ctx, AcceptInvitationSchema);
  const { adminId } = await acceptInvitation(ctx.params.token ?? '', password, clientIp(ctx));
  const done = await finishLogin(ctx, adminId, 'password');
  const body = {
    authenticated: true,
    admin: { email: done.email },
    ...(done.enrolmentRequired && { enrolmentRequired: true }),
    ...(done.partner && { home: done.home }),
  };
  const response = json(body, 201);
  for (const cookie of done.cookies) response.headers.append('set-cookie', cookie);
  return response;
});
