import type { Json } from '../../domain/json';
import type { CreatedInvitation, OpenInvitation, TeamMember } from '../../domain/team/team';
import { memberDateTimeOr } from '../../domain/time/memberDates';

/** The Team page's data as the API answers it: the server's types after JSON (dates are ISO strings). */
export type MemberView = Json<TeamMember>;
export type InvitationView = Json<OpenInvitation>;
export type CreatedInvitationView = Json<CreatedInvitation>;

export function twoFactorText(twoFactor: MemberView['twoFactor']): string {
  const parts = [
    twoFactor.totp ? 'Authenticator app' : '',
    twoFactor.passkeys > 0 ? `${twoFactor.passkeys} passkey${twoFactor.passkeys === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Off';
}

export const when = (iso: string | null) => memberDateTimeOr(iso, 'Never');
