import { atom } from 'nanostores';
import { STEP_UP_REQUIRED } from '../../domain/team/stepUp';
import { ApiError } from '../client/api';

/**
 * "Confirm it's you" across the islands of a page (docs/decisions/0021-step-up.md): a change the
 * server refuses with 403 `step_up_required` opens the page's one StepUpDialog; once the member has
 * confirmed, the change is made again, once. Cancelled, or on a page without the dialog, the
 * refusal stands and the island shows its sentence.
 */
export interface StepUpRequest {
  /** What the change does, in the dialog's words; without it, the sign-in sentence (STEP_UP_SIGN_IN_REASON). */
  reason: string | null;
  done(confirmed: boolean): void;
}

/** The dialog's sentence for a change to how members sign in, the default. */
export const STEP_UP_SIGN_IN_REASON =
  "This change affects how you or your team sign in. Confirm it's you to go on; you will not be asked again for 10 minutes.";

export const $stepUpRequest = atom<StepUpRequest | null>(null);

/** Set while a StepUpDialog is on the page. */
export const $stepUpDialogMounted = atom(false);

export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === STEP_UP_REQUIRED;
}

/** Opens the dialog; true once the member confirmed, false when they cancelled. */
export function confirmIdentity(reason: string | null = null): Promise<boolean> {
  if (!$stepUpDialogMounted.get()) return Promise.resolve(false);
  $stepUpRequest.get()?.done(false);
  return new Promise((resolve) => {
    $stepUpRequest.set({
      reason,
      done(confirmed) {
        $stepUpRequest.set(null);
        resolve(confirmed);
      },
    });
  });
}

/**
 * Runs a change; asked for a step-up, asks the member and runs it once more. `reason` says what the
 * change does (a change that is not about signing in must say what it is instead).
 */
export async function withStepUp<T>(run: () => Promise<T>, reason: string | null = null): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStepUpRequired(error) || !(await confirmIdentity(reason))) throw error;
    return run();
  }
}

/**
 * After a change to how the member signs in, the Account page offers "Sign out everywhere else"
 * (docs/security.md): whoever else holds a session of theirs may have made it.
 */
export const $signInChanged = atom(false);

export function offerSignOutElsewhere(): void {
  $signInChanged.set(true);
}
