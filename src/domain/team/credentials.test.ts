import { describe, expect, test } from 'vitest';
import { LoginSchema } from './login';
import { AdminEmailSchema, DEFAULT_ADMIN_EMAIL, newCredentialsProblem, PASSWORD_MIN_LENGTH } from './credentials';

describe('the admin email rule', () => {
  test.each([DEFAULT_ADMIN_EMAIL, 'admin@example.com', 'Jane.Doe+emdr@mail.example.co.uk', ' trainer@sub-domain.org '])(
    'accepts %s',
    (email) => expect(AdminEmailSchema.safeParse(email).success).toBe(true),
  );

  test.each(['', 'admin', 'admin@', '@localhost', 'a b@example.com', 'admin@-bad.com', 'admin@example..com', 'a@b@c'])(
    'refuses %j',
    (email) => expect(AdminEmailSchema.safeParse(email).success).toBe(false),
  );
});

test('the default admin can sign in with any non-empty password, even one shorter than the new-password rule', () => {
  expect(LoginSchema.safeParse({ email: DEFAULT_ADMIN_EMAIL, password: 'short' }).success).toBe(true);
  expect(LoginSchema.safeParse({ email: DEFAULT_ADMIN_EMAIL, password: '' }).success).toBe(false);
});

test(`a new password needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
  expect(newCredentialsProblem('admin@localhost', 'x'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
  expect(newCredentialsProblem('admin@localhost', 'x'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(
    'Use a password of at least 12 characters',
  );
  expect(newCredentialsProblem('not an email', 'x'.repeat(20))).toBe('Enter a valid email address: not an email');
});
