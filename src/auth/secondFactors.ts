import * as passkeys from '../data/signIn/passkeys';
import * as twoFactor from '../data/signIn/twoFactor';
import type { SecondFactorMethod } from '../domain/team/secondFactor';

export type { SecondFactorMethod };

/**
 * Which second factors a member can sign in with (docs/product.md, "Two-factor sign-in"). An empty
 * list means two-factor sign-in is off for them: the password alone signs them in. 'recovery' is
 * offered whenever TOTP is on (the codes come with it).
 */
export async function secondFactorMethods(adminId: string): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  const totp = await twoFactor.totpState(adminId);
  if (totp?.enabledAt) methods.push('totp');
  if ((await passkeys.countFor(adminId)) > 0) methods.push('passkey');
  if (totp?.enabledAt) methods.push('recovery');
  return methods;
}

/** "2FA on" for a member: TOTP on or at least one passkey. */
export async function hasSecondFactor(adminId: string): Promise<boolean> {
  return (await secondFactorMethods(adminId)).length > 0;
}

/**
 * The site requires a second factor and this member has none yet: they are signed in, but only
 * their Account page's enrolment works until they set one up (src/http/guards.ts).
 */
export async function enrolmentRequired(adminId: string): Promise<boolean> {
  return (await twoFactor.twoFactorRequired()) && !(await hasSecondFactor(adminId));
}

/** What a member who must enrol may still use: their own Account routes (TOTP, passkeys) and signing out. */
const BEFORE_ENROLMENT = [/^\/api\/admin\/me\//, /^\/api\/admin\/logout$/, /^\/admin\/account\/?$/];

export const ENROLMENT_REQUIRED_MESSAGE = 'Two-factor sign-in required: set it up on your Account page';

export function allowedBeforeEnrolment(pathname: string): boolean {
  return BEFORE_ENROLMENT.some((pattern) => pattern.test(pathname));
}
