import { describe, expect, test } from 'vitest';
import { connectProblem } from './connectProblem';

const url = 'postgres://app:secret-pw@db.example:6543/emdr';
const sentence = (code: string) => connectProblem(Object.assign(new Error('x'), { code }), url);

describe('connectProblem', () => {
  test('names where, why and what to check, never the password', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'CONNECT_TIMEOUT', '28P01', '28000', '3D000']) {
      const text = sentence(code)!;
      expect(text).toMatch(/^Cannot use the database "emdr" at db\.example:6543: .+\. .+\.$/);
      expect(text).not.toContain('secret-pw');
    }
    expect(sentence('28P01')).toContain('the password for user "app" was refused');
    expect(sentence('3D000')).toContain('createdb emdr');
  });
  test('other errors are not about connecting', () => {
    expect(sentence('42P01')).toBeNull();
    expect(connectProblem(new Error('boom'), url)).toBeNull();
    expect(connectProblem(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), '')).toBeNull();
  });
  test('the default port and database', () => {
    expect(connectProblem(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 'postgres://bob@h')).toMatch(
      /^Cannot use the database "bob" at h:5432/,
    );
  });
});
