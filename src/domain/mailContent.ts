/**
 * What every mail the site sends is made of (alerts, sign-in, invitations, reviews, trust): a subject,
 * a plain-text and an HTML part, every value escaped in the HTML.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** No line breaks in a subject (a header). */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** A mail's HTML part around its body. */
export function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EMDR Training</title></head><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">${body}</body></html>`;
}

export const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
