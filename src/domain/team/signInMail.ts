import { escapeHtml, type MailContent } from '../mailContent';

/**
 * The mails a member gets about their own sign-in (docs/product.md, "Two-factor sign-in"):
 * a second factor of theirs was added or removed, or their sign-in codes were locked after too many
 * wrong ones. They say what happened and when, and what to do if it was not them. Plain text and
 * HTML, every value escaped in the HTML.
 */
export type FactorChange =
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }
  | { kind: 'passkeys-removed-with-password-reset'; count: number }
  | { kind: 'totp-enabled' }
  | { kind: 'totp-disabled' }
  | { kind: 'recovery-codes-renewed' }
  | { kind: 'two-factor-reset' }
  | { kind: 'password-changed' };

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The subject's ending and the sentence that says what changed. */
function what(change: FactorChange): { short: string; sentence: string } {
  switch (change.kind) {
    case 'passkey-added':
      return { short: 'a passkey was added', sentence: `A passkey named "${change.name}" was added` };
    case 'passkey-removed':
      return { short: 'a passkey was removed', sentence: `The passkey named "${change.name}" was removed` };
    case 'passkeys-removed-with-password-reset':
      return {
        short: 'your passkeys were removed',
        sentence: `Your password was reset on the server, and your ${change.count === 1 ? 'passkey was' : `${change.count} passkeys were`} removed with it`,
      };
    case 'totp-enabled':
      return { short: 'an authenticator app was turned on', sentence: 'An authenticator app was turned on' };
    case 'totp-disabled':
      return { short: 'the authenticator app was turned off', sentence: 'The authenticator app was turned off' };
    case 'recovery-codes-renewed':
      return {
        short: 'new recovery codes were made',
        sentence: 'New recovery codes were made (the old ones no longer work)',
      };
    case 'password-changed':
      return {
        short: 'your password was changed',
        sentence: 'Your password was changed, and your other sessions were signed out',
      };
    case 'two-factor-reset':
      return {
        short: 'two-factor sign-in was reset',
        sentence:
          'Your two-factor sign-in was reset on the server: your authenticator app, recovery codes and passkeys were removed',
      };
  }
}

function page(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EMDR Training</title></head><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">${body}</body></html>`;
}

export function factorChangeMail(input: {
  change: FactorChange;
  email: string;
  at: Date;
  accountUrl: string;
}): MailContent {
  const { short, sentence } = what(input.change);
  const happened = `${sentence} for the EMDR Training admin account ${input.email} on ${utc(input.at)}.`;
  const ifNot =
    'If it was not you: sign in, remove what you do not recognise on your Account page and choose "Sign out everywhere else" there, then tell the site owner and have your password reset.';
  return {
    subject: `Your EMDR Training admin sign-in changed: ${short}`,
    text: [happened, '', 'If this was you, there is nothing to do.', '', ifNot, input.accountUrl].join('\n'),
    html: page([
      escapeHtml(happened),
      'If this was you, there is nothing to do.',
      `${escapeHtml(ifNot)} <a href="${escapeHtml(input.accountUrl)}">Your Account page</a>`,
    ]),
  };
}

export function codesLockedMail(input: { email: string; wrongCodes: number; unlocksAt: Date }): MailContent {
  const happened = `After ${input.wrongCodes} wrong codes within 24 hours, codes (from the authenticator app, or recovery codes) no longer sign in to the EMDR Training admin account ${input.email} until ${utc(input.unlocksAt)}, or until the site owner resets your two-factor sign-in.`;
  const meaning =
    'Whoever typed them knew your password. A passkey still signs you in. If it was not you, ask the site owner to reset your password.';
  return {
    subject: 'Sign-in codes for your EMDR Training admin account are locked',
    text: [happened, '', meaning].join('\n'),
    html: page([escapeHtml(happened), escapeHtml(meaning)]),
  };
}
