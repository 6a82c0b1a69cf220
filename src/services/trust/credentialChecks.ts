import * as checks from '../../data/trust/credentialChecks';
import * as trainers from '../../data/trainers';
import * as history from '../../data/history';
import { transaction } from '../../data/database/transaction';
import {
  credentialCheckSchema,
  credentialName,
  isCurrentCheck,
  todayIso,
  verifiedBadgeText,
  type CredentialCheckView,
} from '../../domain/trust/credentialChecks';
import { NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';

/**
 * Verified trainers (docs/product.md, Trust): the owner or an admin records a check of a trainer's
 * credential (the route allows only those roles); the trainer's pages show the badge for 12 months.
 * The evidence note stays with the team: never in a page, the public API or the history.
 */
export type CheckView = CredentialCheckView;

function view(check: checks.CredentialCheck, now: Date): CheckView {
  const current = isCurrentCheck(check.checkedOn, now);
  return {
    id: check.id,
    credential: check.credential,
    name: credentialName(check),
    licenseNumber: check.licenseNumber,
    licenseState: check.licenseState,
    checkedOn: check.checkedOn,
    checkedBy: check.checkedBy,
    evidenceNote: check.evidenceNote,
    current,
    status: current ? verifiedBadgeText(check) : 'Verification due',
  };
}

/** A trainer's checks, newest first; 404 for an unknown trainer. */
export async function listChecks(trainerId: string, now = new Date()): Promise<CheckView[]> {
  if (!(await trainers.findById(trainerId))) throw new NotFoundError('Trainer not found');
  return (await checks.listByTrainer(trainerId)).map((c) => view(c, now));
}

/** Records a check (400 with field messages for bad input, 404 for an unknown trainer), in the history. */
export async function recordCheck(
  actor: Actor,
  trainerId: string,
  body: unknown,
  now = new Date(),
): Promise<CheckView> {
  const input = credentialCheckSchema(todayIso(now)).parse(body);
  const row = await transaction(async (tx) => {
    const trainer = await trainers.lockById(tx, trainerId);
    if (!trainer) throw new NotFoundError('Trainer not found');
    const row = await checks.insert(tx, trainerId, input, { adminId: actor.adminId, email: actor.email });
    const checked = `${credentialName(row)} checked on ${row.checkedOn}`;
    await history.record(tx, {
      adminId: actor.adminId,
      adminEmail: actor.email,
      entityType: 'trainer',
      entityId: trainerId,
      action: 'verify',
      before: null,
      after: { name: trainer.name, credential: credentialName(row), checkedOn: row.checkedOn, decision: checked },
    });
    return row;
  });
  return view(row, now);
}

/** The team's "Verification due": each trainer's credentials whose newest check is over 12 months old. */
export async function verificationsDue(
  now = new Date(),
): Promise<{ trainerId: string; trainer: string; name: string }[]> {
  return (await checks.listNewest())
    .filter((c) => !isCurrentCheck(c.checkedOn, now))
    .map((c) => ({ trainerId: c.trainerId, trainer: c.trainerName, name: credentialName(c) }));
}

/** A trainer's checks for their admin page, or null when there is no such trainer. */
export async function trainerChecks(trainerId: string, now = new Date()): Promise<CheckView[] | null> {
  if (!(await trainers.findById(trainerId))) return null;
  return (await checks.listByTrainer(trainerId)).map((c) => view(c, now));
}
