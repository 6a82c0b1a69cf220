import { randomBytes } from 'node:crypto';
import * as partnerInvitations from '../../data/signIn/partnerInvitations';
import * as partnerTrainers from '../../data/partnerTrainers';
import * as trainers from '../../data/trainers';
import { transaction } from '../../data/database/transaction';
import { mailEnv } from '../../settings';
import { recordSecurityEvent } from '../../auth/securityLog';
import { INVITATION_LIFETIME_MS, type CreatedInvitation } from '../../domain/team/team';
import type { PartnerOverview, OpenPartnerInvitation } from '../../domain/team/partnerOverview';
import { NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';
import { inviteUrl, sha256 } from './team';
import { queueMail } from '../../mail/outbox';
import { invitationMail } from '../../domain/team/invitationMail';

/**
 * The Partners page (docs/product.md, Partners: the overview): every partner with the profiles they
 * keep by name and their last sign-in, and the open partner invitations, which the owner and admins
 * send again (a fresh link; the old one stops working) or withdraw (the link stops working). The
 * routes check who may and the step-up; each change and its security-log entry commit together.
 */
const notFound = () => new NotFoundError('Invitation not found');

export function listOpenPartnerInvitations(): Promise<OpenPartnerInvitation[]> {
  return partnerInvitations.listOpen();
}

export async function partnerOverview(): Promise<PartnerOverview> {
  const [partners, invitations, names] = [
    await partnerTrainers.listPartners(),
    await partnerInvitations.listOpen(),
    new Map((await trainers.listNames()).map((t) => [t.id, t.name])),
  ];
  return {
    partners: partners.map((partner) => ({
      id: partner.id,
      email: partner.email,
      trusted: partner.trusted,
      lastSignInAt: partner.lastSignInAt,
      trainers: partner.trainerIds.map((id) => ({ id, name: names.get(id) ?? 'Trainer removed' })),
    })),
    invitations,
  };
}

export async function resendPartnerInvitation(actor: Actor, id: string, ip: string): Promise<CreatedInvitation> {
  const token = randomBytes(32).toString('base64url');
  const url = inviteUrl(token, 'partner');
  // The new link's mail is queued with the renewal: it goes exactly when the old link stops working.
  const { expiresAt } = await transaction(async (tx) => {
    const open = await partnerInvitations.lockOpen(tx, id);
    if (!open) throw notFound();
    const renewed = await partnerInvitations.renew(tx, id, sha256(token), INVITATION_LIFETIME_MS);
    await recordSecurityEvent(
      { type: 'invitation-resent', actor, ip, subject: { id: null, email: open.email }, detail: { role: 'partner' } },
      tx,
    );
    const content = invitationMail({ url, role: 'partner', invitedBy: actor.email, expiresAt: renewed.expiresAt });
    await queueMail(tx, { kind: 'invitation', to: open.email, ...content });
    return { expiresAt: renewed.expiresAt };
  });
  return { id, url, expiresAt, emailed: Boolean(mailEnv().smtpUrl) };
}

export async function withdrawPartnerInvitation(actor: Actor, id: string, ip: string): Promise<void> {
  await transaction(async (tx) => {
    const open = await partnerInvitations.lockOpen(tx, id);
    if (!open) throw notFound();
    await partnerInvitations.revoke(tx, id);
    await recordSecurityEvent(
      { type: 'invitation-revoked', actor, ip, subject: { id: null, email: open.email }, detail: { role: 'partner' } },
      tx,
    );
  });
}
