import { describe, expect, test } from 'vitest';
import { STEP_UP_WINDOW_MS } from '../domain/team/stepUp';
import type { AdminSession } from '../auth/sessions';
import { requireStepUp } from './guards';

const at = new Date('2026-05-01T12:00:00Z');
const session = (steppedUpAt: Date | null): AdminSession => ({
  id: 's',
  adminId: 'a',
  email: 'member@example.com',
  role: 'admin',
  steppedUpAt,
});

describe('the step-up guard', () => {
  test('lets through a session that gave its password or a code within the last ten minutes', () => {
    const fresh = session(new Date(at.getTime() - STEP_UP_WINDOW_MS + 1000));
    expect(requireStepUp(fresh, at)).toBe(fresh);
  });

  test('refuses an older step-up, or none, with a 403 that names the step-up', () => {
    for (const steppedUpAt of [new Date(at.getTime() - STEP_UP_WINDOW_MS), null]) {
      expect(() => requireStepUp(session(steppedUpAt), at)).toThrow(
        expect.objectContaining({ status: 403, code: 'step_up_required' }),
      );
    }
  });
});
