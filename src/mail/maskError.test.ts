import { describe, expect, test } from 'vitest';
import { maskMailError } from './maskError';

describe('masking an SMTP failure before it is stored or shown', () => {
  const smtpUrl = 'smtps://mailer%40example.com:s3cr%23t-Pass@smtp.example.com:465';

  test('the SMTP_URL and its password, as written and decoded, never appear', () => {
    const text = `Invalid login for ${smtpUrl}: 535 password s3cr#t-Pass refused (s3cr%23t-Pass)`;
    const out = maskMailError(text, smtpUrl);
    for (const secret of [smtpUrl, 's3cr#t-Pass', 's3cr%23t-Pass', 'mailer%40example.com']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('535');
  });

  test('any user:password@ loses its password, in a URL or bare', () => {
    expect(maskMailError('relay smtp://relay-user:hunter2@relay.example.net:25 refused', '')).toBe(
      'relay smtp://relay.example.net:25 refused',
    );
    const bare = maskMailError('login relay-user:hunter2@relay.example.net failed', '');
    expect(bare).not.toContain('hunter2');
    expect(bare).toContain('relay-user:***@');
  });

  test('a recipient address keeps only its domain, and a link only its host', () => {
    const out = maskMailError(
      '550 5.1.1 <clinician@example.com>: Recipient address rejected; see https://postmaster.example/help?token=abc123 and person.name+tag@mail.example.org',
      '',
    );
    expect(out).toBe(
      '550 5.1.1 <***@example.com>: Recipient address rejected; see https://postmaster.example/… and ***@mail.example.org',
    );
  });

  test('what says where the mail could not go stays readable', () => {
    expect(maskMailError('connect ECONNREFUSED 127.0.0.1:2525', smtpUrl)).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    expect(maskMailError('getaddrinfo ENOTFOUND smtp.example.com', smtpUrl)).toBe(
      'getaddrinfo ENOTFOUND smtp.example.com',
    );
    expect(maskMailError('Mailbox unavailable', '')).toBe('Mailbox unavailable');
  });
});
