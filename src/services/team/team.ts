import { PARTNER_INVITE, TEAM_INVITE } from '../../domain/adminPaths';
import { createHash, randomBytes } from 'node:crypto';
import * as admins from '../../data/signIn/admins';
import * as invitations from '../../data/signIn/invitations';
import { transaction } from '../../data/database/transaction';
import { hashPassword } from '../../auth/passwords';
import { mailEnv, serverEnv } from '../../settings';
import { queueMail } from '../../mail/outbox';
import { invitationMail } from '../../domain/team/invitationMail';
import { openInvitationMessage, type InvitationRole, type Role } from '../../domain/team/roles';
import { PARTNER_MESSAGES, type PartnerInvitationInput } from '../../domain/team/partners';
import type { CreatedInvitation, OpenInvitation, TeamMember } from '../../domain/team/team';
import * as partnerTrainers from '../../data/partnerTrainers';
import {
  INVITATION_LIFETIME_MS,
  INVITATION_TOKEN_PATTERN,
  LAST_OWNER_MESSAGE,
  type InvitationInput,
} from '../../domain/team/team';
import { COMMAND_LINE, recordSecurityEvent, type SecurityEvent } from '../../auth/securityLog';
import { ConflictError, ExpiredError, InvalidInputError, NotFoundError, ServiceError } from '../errors';
import type { Actor } from '../../domain/actor';

/**
 * Managing the team (docs/product.md, The team): the owner lists members, changes roles, hands
 * ownership over, removes members and invites new ones. Each change and its security-log entry
 * commit together. The routes check that the caller is the owner; these use cases keep the rules
 * that hold whoever calls (one owner, always).
 */

export async function listTeam(): Promise<TeamMember[]> {
  const rows = await admins.listTeam();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    twoFactor: { totp: row.totp, passkeys: row.passkeys },
    lastSignInAt: row.lastSignInAt,
  }));
}

export const INVITATION_GONE = 'This invitation link is not valid: it was used or withdrawn';
const ALREADY_MEMBER = 'This person is already a member: sign in instead';
export const INVITATION_EXPIRED = 'This invitation link has expired: ask the site owner for a new one';

export const sha256 = (text: string) => createHash('sha256').update(text).digest();
// A partner's link says "account", never "admin" (docs/product.md, Partners).
export const inviteUrl = (token: string, role: InvitationRole) =>
  new URL(`${role === 'partner' ? PARTNER_INVITE : TEAM_INVITE}/${token}`, serverEnv().siteUrl).toString();

/**
 * A new invitation; an open one to the same email is withdrawn (one working link per person). A
 * partner's names the trainer profiles it links on acceptance (docs/product.md, Partners): each must exist.
 */
export async function invite(
  actor: Actor,
  input: InvitationInput | PartnerInvitationInput,
  ip: string,
): Promise<CreatedInvitation> {
  if (await admins.findByEmail(input.email)) {
    throw new InvalidInputError('This person is already a member', { email: ['Already a member of the team'] });
  }
  const trainerIds = input.role === 'partner' ? [...new Set(input.trainerIds)] : [];
  const token = randomBytes(32).toString('base64url');
  const url = inviteUrl(token, input.role);
  const row = await transaction(async (tx) => {
    if ((await partnerTrainers.existingTrainerIds(tx, trainerIds)).length !== trainerIds.length)
      throw new InvalidInputError('Invalid input', { trainerIds: [PARTNER_MESSAGES.unknownTrainer] });
    // One open invitation per address (docs/product.md, The team): a new one of the same role
    // replaces it; one of another role is refused, naming the open one, so no one's invitation is
    // withdrawn without a word. Withdraw it first to invite in another role.
    const other = (await invitations.openRolesFor(tx, input.email)).find((role) => role !== input.role);
    if (other) throw new ConflictError(openInvitationMessage(other));
    await invitations.revokeOpenFor(tx, input.email);
    const created = await invitations.insert(tx, {
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: actor.adminId,
      lifetimeMs: INVITATION_LIFETIME_MS,
    });
    await partnerTrainers.linkInvitation(tx, created.id, trainerIds);
    await recordSecurityEvent(
      {
        type: 'invitation-created',
        actor,
        ip,
        subject: { id: null, email: input.email },
        detail: { role: input.role, ...(trainerIds.length > 0 && { trainerIds: trainerIds.join(',') }) },
      },
      tx,
    );
    // Queued with the invitation (docs/decisions/0038-mail-outbox.md): the sender delivers it after the
    // answer, so a slow or refused SMTP server never holds the owner's request; the Team page shows
    // the link to copy either way.
    const content = invitationMail({ url, role: input.role, invitedBy: actor.email, expiresAt: created.expiresAt });
    await queueMail(tx, { kind: 'invitation', to: input.email, ...content });
    return created;
  });
  return { id: row.id, url, expiresAt: row.expiresAt, emailed: Boolean(mailEnv().smtpUrl) };
}

export async function listInvitations(): Promise<OpenInvitation[]> {
  const rows = await invitations.listOpen();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByEmail,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  }));
}

export async function revokeInvitation(actor: Actor, id: string, ip: string): Promise<void> {
  await transaction(async (tx) => {
    const row = await invitations.revoke(tx, id);
    if (!row) throw new NotFoundError('Invitation not found');
    await recordSecurityEvent(
      {
        type: 'invitation-revoked',
        actor,
        ip,
        subject: { id: null, email: row.email },
        detail: { role: row.role },
      },
      tx,
    );
  });
}

/** What the invitation page shows for a link. */
export type InvitationLookup =
  { status: 'open'; email: string; role: InvitationRole; expiresAt: Date } | { status: 'expired' | 'invalid' };

export async function lookUpInvitation(token: string): Promise<InvitationLookup> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return { status: 'invalid' };
  const row = await invitations.findByTokenHash(sha256(token));
  if (!row || row.acceptedAt || row.revokedAt) return { status: 'invalid' };
  if (row.expired) return { status: 'expired' };
  return { status: 'open', email: row.email, role: row.role, expiresAt: row.expiresAt };
}

/**
 * The invitee sets a password and becomes a member with the invited role. Unknown, used or
 * withdrawn links are NotFoundError (404), expired ones ExpiredError (410). Two requests with the
 * same link: the first one wins, the other finds it used.
 */
export async function acceptInvitation(token: string, password: string, ip: string): Promise<{ adminId: string }> {
  const found = await lookUpInvitation(token);
  if (found.status === 'expired') throw new ExpiredError(INVITATION_EXPIRED);
  if (found.status !== 'open') throw new NotFoundError(INVITATION_GONE);
  if (await admins.findByEmail(found.email)) throw new ServiceError(ALREADY_MEMBER);
  const passwordHash = await hashPassword(password);
  const row = (await invitations.findByTokenHash(sha256(token)))!;
  // Inside the transaction only `tx` is used (the embedded database has one connection).
  return transaction(async (tx) => {
    if (!(await invitations.markAccepted(tx, row.id))) throw new NotFoundError(INVITATION_GONE);
    const member = await admins.insertMember(tx, row.email, passwordHash, row.role).catch((error: unknown) => {
      // Made a member some other way (the CLI) since the check above: the unique email index says so.
      if ((error as { code?: string }).code === '23505') throw new ServiceError(ALREADY_MEMBER);
      throw error;
    });
    // A partner keeps the profiles their invitation named (docs/product.md, Partners).
    if (row.role === 'partner') await partnerTrainers.linkFromInvitation(tx, member.id, row.id);
    await recordSecurityEvent(
      {
        type: 'invitation-accepted',
        actor: { adminId: member.id, email: member.email },
        ip,
        detail: { role: row.role, invitedBy: row.invitedByEmail },
      },
      tx,
    );
    return { adminId: member.id };
  });
}

/**
 * Changes a member's role. Making someone the owner hands ownership over: the current owner becomes
 * an admin in the same transaction. The owner's own role cannot be lowered: there is always one.
 */
export async function changeRole(actor: Actor, id: string, role: Role, ip: string): Promise<TeamMember> {
  await transaction(async (tx) => {
    const member = await admins.findForUpdate(tx, id);
    // A partner is not one of the team: managed under /api/admin/partners (docs/product.md, Partners).
    if (!member || member.role === 'partner') throw new NotFoundError('Member not found');
    if (member.role === role) return;
    if (member.role === 'owner') throw new InvalidInputError(LAST_OWNER_MESSAGE, { role: [LAST_OWNER_MESSAGE] });
    if (role === 'owner') {
      const previous = await admins.handOverOwnership(tx, id);
      await recordSecurityEvent(
        {
          type: 'ownership-transferred',
          actor,
          ip,
          subject: { id: member.id, email: member.email },
          detail: { from: previous?.email ?? null, previousRole: member.role },
        },
        tx,
      );
      return;
    }
    await admins.setRole(tx, id, role);
    await recordSecurityEvent(
      {
        type: 'role-changed',
        actor,
        ip,
        subject: { id: member.id, email: member.email },
        detail: { from: member.role, to: role },
      },
      tx,
    );
  });
  const updated = (await listTeam()).find((member) => member.id === id);
  if (!updated) throw new NotFoundError('Member not found');
  return updated;
}

/** Removes a member and ends their sessions; the owner cannot be removed. */
export async function removeMember(actor: Actor, id: string, ip: string): Promise<void> {
  await transaction(async (tx) => {
    const member = await admins.findForUpdate(tx, id);
    // A partner is not one of the team: managed under /api/admin/partners (docs/product.md, Partners).
    if (!member || member.role === 'partner') throw new NotFoundError('Member not found');
    if (member.role === 'owner') throw new ServiceError(LAST_OWNER_MESSAGE);
    await recordSecurityEvent(
      {
        type: 'admin-removed',
        actor,
        ip,
        subject: { id: member.id, email: member.email },
        detail: { role: member.role },
      },
      tx,
    );
    await admins.remove(tx, id);
  });
}

/**
 * `npm run admin -- create --role R` (README.md), or a start creating ADMIN_EMAIL's admin: a new
 * member with that role, logged as 'member-created' (docs/security.md). Creating an owner hands
 * ownership over: the current owner, if any, becomes an admin in the same transaction, and the
 * hand-over is in the security log. The answer names the previous owner.
 */
export async function addMember(
  email: string,
  passwordHash: string,
  role: Role,
  by: SecurityEvent['actor'] = COMMAND_LINE,
): Promise<{ previousOwner: string | null }> {
  return transaction(async (tx) => {
    const previous = role === 'owner' ? await admins.demoteOwner(tx) : undefined;
    const member = await admins.insertMember(tx, email, passwordHash, role);
    await recordSecurityEvent(
      {
        type: 'member-created',
        actor: by,
        ip: by.email,
        subject: { id: member.id, email: member.email },
        detail: { role },
      },
      tx,
    );
    if (previous) {
      await recordSecurityEvent(
        {
          type: 'ownership-transferred',
          actor: by,
          ip: by.email,
          subject: { id: member.id, email: member.email },
          detail: { from: previous.email, previousRole: null },
        },
        tx,
      );
    }
    return { previousOwner: previous?.email ?? null };
  });
}
