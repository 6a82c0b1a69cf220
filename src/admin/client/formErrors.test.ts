import { describe, expect, test } from 'vitest';
import { ApiError } from './api';
import { applyServerErrors } from './formErrors';

function applied(status: number, fieldErrors: Record<string, string[]>) {
  const set: [string, string | undefined][] = [];
  applyServerErrors(new ApiError(status, `${status}: refused`, fieldErrors), (name, error) =>
    set.push([name, error.message]),
  );
  return set;
}

describe('server field errors on the form', () => {
  test("a row's message goes on that row's field, not on the list too", () => {
    const hours = 'CE hours must be more than 0 and at most 200, in quarter hours';
    expect(
      applied(400, { ceApprovals: [hours], 'ceApprovals.1.hours': [hours], title: ['Training title is required'] }),
    ).toEqual([
      ['ceApprovals.1.hours', hours],
      ['title', 'Training title is required'],
    ]);
  });

  test("the list's own message stays on the list", () => {
    expect(applied(400, { ceApprovals: ['At most 20 CE approvals', 'x'], 'ceApprovals.3.body': ['x'] })).toEqual([
      ['ceApprovals', 'At most 20 CE approvals'],
      ['ceApprovals.3.body', 'x'],
    ]);
  });

  test('a 422 puts its messages on their fields like a 400', () => {
    const fieldErrors = { consultation: ['state it'], completionWindowMonths: ['state it too'] };
    expect(applied(422, fieldErrors)).toEqual([
      ['consultation', 'state it'],
      ['completionWindowMonths', 'state it too'],
    ]);
  });
});
