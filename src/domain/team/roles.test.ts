import { describe, expect, test } from 'vitest';
import { canEditContent, canManageSite, canManageTeam, INVITABLE_ROLES, isRole, ROLES } from './roles';

describe('roles (docs/product.md, The team)', () => {
  test('only the owner manages the team', () => {
    expect(ROLES.filter(canManageTeam)).toEqual(['owner']);
  });

  test('the owner and admins run the site; editors do not', () => {
    expect(ROLES.filter(canManageSite)).toEqual(['owner', 'admin']);
  });

  test('every role keeps the listings up to date', () => {
    expect(ROLES.filter(canEditContent)).toEqual(['owner', 'admin', 'editor']);
    // A partner reaches content only through its own scope (services/trainerScope.ts), never as the team.
    expect(canEditContent('partner')).toBe(false);
  });

  test('ownership is handed over, never invited', () => {
    expect(INVITABLE_ROLES).toEqual(['admin', 'editor']);
  });

  test('isRole accepts the three roles and nothing else', () => {
    expect(ROLES.every(isRole)).toBe(true);
    for (const value of ['Owner', 'boss', '', null, undefined, 1]) expect(isRole(value)).toBe(false);
  });
});
