import { z } from 'zod';

/**
 * Step-up (docs/decisions/0021-step-up.md): before a change to how someone signs in or who runs the
 * site, the member gives their password or a current second factor, unless they did in the last ten
 * minutes. One window and one refusal code for the server and the admin UI.
 */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

/** The `code` of the 403 that asks for a step-up: the admin UI opens "Confirm it's you" and retries. */
export const STEP_UP_REQUIRED = 'step_up_required';

export const STEP_UP_MESSAGE = "Confirm it's you: enter your password, a code or use a passkey, then try again";

/** What the member can confirm with; a password always. */
export type StepUpMethod = 'password' | 'code' | 'passkey';

export interface StepUpStatus {
  methods: StepUpMethod[];
  /** Until when changes need no new confirmation (ISO), or null. */
  steppedUpUntil: string | null;
}

/** `{password}` or `{code}` (an authenticator or recovery code); a passkey has routes of its own. */
export const StepUpSchema = z
  .strictObject({
    password: z.string().max(1000, { error: 'That password is too long' }).optional(),
    code: z.string().trim().max(64, { error: 'That code is too long' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.password && input.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Give your password or a code, not both' });
    else if (!input.password && !input.code)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter your password' });
  });
