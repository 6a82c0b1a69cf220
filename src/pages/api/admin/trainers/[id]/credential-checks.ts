import { z } from 'zod';
import { idParam, readJson } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireAdmin, requireRole } from '#src/http/guards';
import { route } from '#src/http/route';
import { SITE_ROLES } from '#src/domain/team/roles';
import { listChecks, recordCheck } from '#src/services/trust/credentialChecks';

export const prerender = false;

/** GET: the trainer's credential checks; every role reads them, the evidence notes too (the team's own). */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  return json({ checks: await listChecks(idParam(ctx)) });
});

/** POST `{credential, licenseNumber?, licenseState?, checkedOn, evidenceNote}`: owner and admins only. */
export const POST = route(async (ctx) => {
  const admin = await requireRole(ctx, ...SITE_ROLES);
  const body = await readJson(ctx, z.record(z.string(), z.unknown()));
  return json(await recordCheck(actorOf(admin), idParam(ctx), body), 201);
});
