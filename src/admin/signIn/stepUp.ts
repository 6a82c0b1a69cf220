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
  done(confirmed: boolean): void;
}

export const $stepUpRequest = atom<StepUpRequest | null>(null);

/** Set while a StepUpDialog is on the page. */
export const $stepUpDialogMounted = atom(false);

export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === STEP_UP_REQUIRED;
}

/** Opens the dialog; true once the member confirmed, false when they cancelled. */
export function confirmIdentity(): Promise<boolean> {
  if (!$stepUpDialogMounted.get()) return Promise.resolve(false);
  $stepUpRequest.get()?.done(false);
  return new Promise((resolve) => {
    $stepUpRequest.set({
      done(confirmed) {
        $stepUpRequest.set(null);
        resolve(confirmed);
      },
    });
  });
}

/** Runs a change; asked for a step-up, asks the member and runs it once more. */
export async function withStepUp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStepUpRequired(error) || !(await confirmIdentity())) throw error;
    return run();
  }
}

/**
 * After a change to how the member signs in, the Account page offers "Sign out everywhere else"
 * (issue 51): whoever else holds a session of theirs may have made it.
 */
export const $signInChanged = atom(false);

export function offerSignOutElsewhere(): void {
  $signInChanged.set(true);
}
