import { readJson } from '#src/http/body';
import { route } from '#src/http/route';
import { clientIp, requireSameOrigin } from '#src/http/guards';
import { finishLogin } from '#src/auth/pendingLogin';
import { signedInResponse, signInRequest } from '#src/http/signIn';
import { AcceptInvitationSchema } from '#src/domain/team/team';
import { acceptInvitation } from '#src/services/team/team';

export const prerender = false;

/**
 * The invitation page's form (no session needed: the link's token is the authority, once):
 * `{password}` → 201, the new member signed in like a login. 404 for an unknown, used or withdrawn
 * link, 410 for an expired one (docs/product.md, The team).
 */
export const POST = route(async (ctx) => {
  requireSameOrigin(ctx);
  const { password } = await readJson(ctx, AcceptInvitationSchema);
  const { adminId } = await acceptInvitation(ctx.params.token ?? '', password, clientIp(ctx));
  return signedInResponse(await finishLogin(signInRequest(ctx), adminId, 'password'), 201);
});
