import { z } from 'zod';
import { idParam, json, readJson } from '../../../../../server/http';
import { actorOf, edge } from '../../../../../server/edge';
import { requireAdmin, requireRole } from '../../../../../auth/guard';
import { SITE_ROLES } from '../../../../../domain/roles';
import { listChecks, recordCheck } from '../../../../../services/credentialChecks';

export const prerender = false;

/** GET: the trainer's credential checks; every role reads them, the evidence notes too (the team's own). */
export const GET = edge(async (ctx) => {
  await requireAdmin(ctx);
  return json({ checks: await listChecks(idParam(ctx)) });
});

/** POST `{credential, licenseNumber?, licenseState?, checkedOn, evidenceNote}`: owner and admins only. */
export const POST = edge(async (ctx) => {
  const admin = await requireRole(ctx, ...SITE_ROLES);
  const body = await readJson(ctx, z.record(z.string(), z.unknown()));
  return json(await recordCheck(actorOf(admin), idParam(ctx), body), 201);
});
