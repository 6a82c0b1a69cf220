import type { InvitationRole, Role } from '../domain/roles';

/** The Team page's data as the API answers it (JSON: dates are ISO strings). */
export interface MemberView {
  id: string;
  email: string;
  role: Role;
  twoFactor: { totp: boolean; passkeys: number };
  lastSignInAt: string | null;
}

export interface InvitationView {
  id: string;
  email: string;
  role: InvitationRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface CreatedInvitationView {
  id: string;
  url: string;
  expiresAt: string;
  emailed: boolean;
}

export function twoFactorText(twoFactor: MemberView['twoFactor']): string {
  const parts = [
    twoFactor.totp ? 'Authenticator app' : '',
    twoFactor.passkeys > 0 ? `${twoFactor.passkeys} passkey${twoFactor.passkeys === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Off';
}

export const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
