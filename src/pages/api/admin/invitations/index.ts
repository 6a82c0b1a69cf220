import { z } from 'zod';
import { HttpError, validationError } from '#src/http/errors';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { SITE_ROLES, TEAM_ROLES, canManageTeam } from '#src/domain/team/roles';
import { InvitationInputSchema } from '#src/domain/team/team';
import { PartnerInvitationSchema } from '#src/domain/team/partners';
import { invite, listInvitations } from '#src/services/team/team';

export const prerender = false;

/** The open invitations, newest first (owner only). */
export const GET = route(async (ctx) => {
  await requireRole(ctx, ...TEAM_ROLES);
  return json({ invitations: await listInvitations() });
});

/**
 * `{email, role}` → 201 `{id, url, expiresAt, emailed}`; the link is also mailed (docs/product.md, The
 * team). A team invitation is the owner's; `{email, role: "partner", trainerIds}` the owner's or an
 * admin's (docs/product.md, Partners). Stepped up.
 */
export const POST = route(async (ctx) => {
  const member = await requireRole(ctx, ...SITE_ROLES);
  const body = await readJson(ctx, z.unknown());
  const partner = typeof body === 'object' && body !== null && (body as { role?: unknown }).role === 'partner';
  if (!partner && !canManageTeam(member.role)) throw new HttpError(403, 'Your role may not do this');
  const admin = requireStepUp(member);
  const parsed = (partner ? PartnerInvitationSchema : InvitationInputSchema).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return json(await invite(actorOf(admin), parsed.data, clientIp(ctx)), 201);
});
