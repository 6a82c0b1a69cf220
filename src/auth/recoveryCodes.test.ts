import { describe, expect, test } from 'vitest';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
} from './recoveryCodes';

describe('recovery codes', () => {
  test('ten distinct codes, shown as two groups of five unambiguous characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).not.toMatch(/[lo01]/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
  });

  test('case, spaces and dashes do not change what is hashed', () => {
    const [code] = newRecoveryCodes();
    const typed = ` ${code!.toUpperCase().replace('-', ' ')} `;
    expect(normalizeRecoveryCode(typed)).toBe(code!.replace('-', ''));
    expect(hashRecoveryCode(typed).equals(hashRecoveryCode(code!))).toBe(true);
  });

  test('a 6-digit authenticator code is not taken for a recovery code', () => {
    expect(looksLikeRecoveryCode('123456')).toBe(false);
    expect(looksLikeRecoveryCode('abcde-fghi')).toBe(false);
  });
});
