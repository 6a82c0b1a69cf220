import * as partnerTrainers from '../../data/partnerTrainers';
import * as admins from '../../data/signIn/admins';
import { transaction } from '../../data/database/transaction';
import { PARTNER_MESSAGES, type PartnerAccount } from '../../domain/team/partners';
import { recordSecurityEvent } from '../../auth/securityLog';
import { InvalidInputError, NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';

/**
 * Managing partner accounts (docs/product.md, Partners): the owner and admins see every partner with
 * the profiles they keep, change those profiles and remove a partner; the owner marks one trusted.
 * The routes check who may; each change and its security-log entry commit together. A partner left
 * with no profile, or removed, is signed out everywhere.
 */
const notFound = () => new NotFoundError(PARTNER_MESSAGES.notFound);

export function listPartners(trainerId: string | null = null): Promise<PartnerAccount[]> {
  return partnerTrainers.listPartners(trainerId);
}

async function partnerById(id: string): Promise<PartnerAccount> {
  const found = (await partnerTrainers.listPartners()).find((partner) => partner.id === id);
  if (!found) throw notFound();
  return found;
}

/** The whole set of profiles a partner keeps; every id must be a trainer (400 on the field otherwise). */
export async function setPartnerTrainers(
  actor: Actor,
  id: string,
  trainerIds: readonly string[],
  ip: string,
): Promise<PartnerAccount> {
  const wanted = [...new Set(trainerIds)];
  await transaction(async (tx) => {
    const partner = await partnerTrainers.findPartnerForUpdate(tx, id);
    if (!partner) throw notFound();
    if ((await partnerTrainers.existingTrainerIds(tx, wanted)).length !== wanted.length)
      throw new InvalidInputError('Invalid input', { trainerIds: [PARTNER_MESSAGES.unknownTrainer] });
    const before = await partnerTrainers.trainerIdsIn(tx, id);
    await partnerTrainers.unlink(
      tx,
      id,
      before.filter((trainerId) => !wanted.includes(trainerId)),
    );
    await partnerTrainers.link(tx, id, wanted);
    // No profile left: nothing of theirs to keep, so no session either.
    if (wanted.length === 0) await partnerTrainers.endSessions(tx, id);
    await recordSecurityEvent(
      {
        type: 'partner-profiles-changed',
        actor,
        ip,
        subject: { id: partner.id, email: partner.email },
        detail: { from: before.join(','), to: wanted.join(',') },
      },
      tx,
    );
  });
  return partnerById(id);
}

/** Removes the partner account; its sessions and links go with it. */
export async function removePartner(actor: Actor, id: string, ip: string): Promise<void> {
  await transaction(async (tx) => {
    const partner = await partnerTrainers.findPartnerForUpdate(tx, id);
    if (!partner) throw notFound();
    await partnerTrainers.endSessions(tx, id);
    await recordSecurityEvent(
      {
        type: 'admin-removed',
        actor,
        ip,
        subject: { id: partner.id, email: partner.email },
        detail: { role: 'partner' },
      },
      tx,
    );
    await admins.remove(tx, id);
  });
}

/** The owner's call (the route checks it): a trusted partner's changes apply without review. */
export async function setPartnerTrusted(
  actor: Actor,
  id: string,
  trusted: boolean,
  ip: string,
): Promise<PartnerAccount> {
  await transaction(async (tx) => {
    const partner = await partnerTrainers.findPartnerForUpdate(tx, id);
    if (!partner) throw notFound();
    if (partner.trusted === trusted) return;
    await partnerTrainers.setTrusted(tx, id, trusted);
    await recordSecurityEvent(
      {
        type: 'partner-trust-changed',
        actor,
        ip,
        subject: { id: partner.id, email: partner.email },
        detail: { trusted },
      },
      tx,
    );
  });
  return partnerById(id);
}
