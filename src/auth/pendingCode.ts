import * as admins from '../data/signIn/admins';
import * as twoFactor from '../data/signIn/twoFactor';
import { pendingSignInEnds } from './codeGuessing';
import { readPendingLogin, type SignInRequest } from './pendingLogin';
import { checkSecondFactor, type CodeCheck } from './twoFactor';

/**
 * A code typed in a pending sign-in (docs/product.md, "Two-factor sign-in"): 'expired' when there
 * is no live step, 'ended' when this wrong code was its tenth (the step is gone: the password must
 * be given again, src/auth/codeGuessing.ts), else what the code check said.
 */
export type PendingCodeOutcome = 'expired' | 'ended' | { adminId: string; check: CodeCheck };

export async function checkPendingCode(request: SignInRequest, code: string): Promise<PendingCodeOutcome> {
  const pending = await readPendingLogin(request.pendingToken);
  const admin = pending && (await admins.findById(pending.adminId));
  if (!pending || !admin) return 'expired';
  const check = await checkSecondFactor({ adminId: admin.id, email: admin.email }, code, request.ip);
  if (!check.ok && check.reason === 'invalid' && (await pendingSignInEnds(pending.id))) {
    await twoFactor.removePending(pending.id);
    return 'ended';
  }
  return { adminId: admin.id, check };
}
