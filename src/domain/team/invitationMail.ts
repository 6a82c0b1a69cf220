import { escapeHtml, type MailContent } from '../mailContent';
import { ROLE_LABELS, type InvitationRole } from './roles';

/**
 * The invitation mail (docs/product.md, The team): who invited whom to do what, the link and how
 * long it works. Plain text and HTML, every value escaped in the HTML.
 */
export function invitationMail(input: {
  url: string;
  role: InvitationRole;
  invitedBy: string;
  expiresAt: Date;
}): MailContent {
  const role = ROLE_LABELS[input.role];
  const until = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  // A partner is a trainer (or their institute), not the team: they keep their own listings (docs/product.md, Partners).
  const partner = input.role === 'partner';
  const subject = partner
    ? 'You are invited to manage your trainer listings on EMDR Training'
    : `You are invited to the EMDR Training admin team (${role})`;
  const invited = partner
    ? `${input.invitedBy} invited you to manage your trainer listings on the EMDR Training directory: your trainer profile, your trainings and how they perform.`
    : `${input.invitedBy} invited you to help keep the EMDR Training directory up to date, as ${role}.`;
  const text = [
    invited,
    '',
    'To accept, open this link and choose a password:',
    input.url,
    '',
    `The link works once, until ${until}. If you did not expect this, ignore this mail.`,
  ].join('\n');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EMDR Training</title></head>` +
    `<body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">` +
    `<p>${escapeHtml(invited)}</p>` +
    `<p><a href="${escapeHtml(input.url)}">Accept the invitation and choose a password</a></p>` +
    `<p>The link works once, until ${until}. If you did not expect this, ignore this mail.</p></body></html>`;
  return { subject, text, html };
}
