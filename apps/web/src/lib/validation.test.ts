import { AUTH_MESSAGES, GROUP_MESSAGES, MSG_INVALID_EMAIL } from '@evenly/core';
import { describe, expect, it } from 'vitest';
import {
  isNumericId,
  validateGroupName,
  validateGroupRename,
  validateMemberEmail,
  validateNewMembers,
} from './validation';

describe('the small forms check with the API’s rules and sentences', () => {
  it('group names', () => {
    expect(validateGroupName(' Lisbon ')).toBeNull();
    expect(validateGroupName('   ')).toBe(GROUP_MESSAGES.nameEmpty);
    expect(validateGroupName('x'.repeat(101))).toBe(GROUP_MESSAGES.nameTooLong);
    expect(validateGroupRename('')).toBe(GROUP_MESSAGES.nameEmpty);
    expect(validateGroupRename('x'.repeat(101))).toBe(GROUP_MESSAGES.nameTooLong);
  });

  it('addresses and members', () => {
    expect(validateMemberEmail(' Bea@Example.com ')).toBeNull();
    for (const address of ['', 'bea', 'bea@', '@x.y', 'a b@c.d']) {
      expect(validateMemberEmail(address)).toBe(MSG_INVALID_EMAIL);
    }
    expect(MSG_INVALID_EMAIL).toBe(AUTH_MESSAGES.emailInvalid);
    expect(validateNewMembers({ memberIds: [] })).toBe(GROUP_MESSAGES.noMembers);
    expect(validateNewMembers({ memberIds: [3, 4] })).toBeNull();
    expect(validateNewMembers({ memberEmail: 'bea@' })).toBe(MSG_INVALID_EMAIL);
    expect(validateNewMembers({ memberEmail: 'bea@example.com' })).toBeNull();
  });

  it('path ids', () => {
    expect(isNumericId('12')).toBe(true);
    for (const id of [undefined, '', '0', '012', '1e3', '12345678901234567']) {
      expect(isNumericId(id)).toBe(false);
    }
  });
});
