import { describe, expect, it } from 'vitest';
import { readEmailAddress } from './fields.js';
import { friendRequestSchema } from './friend.js';
import { formatIssuePath } from './issues.js';

describe('friendRequestSchema', () => {
  it('trims and lower-cases', () => {
    expect(friendRequestSchema.parse({ recipientEmail: ' Bea@Example.COM ' })).toEqual({
      recipientEmail: 'bea@example.com',
    });
  });
  it.each([[''], ['bea'], ['bea@'], ['@x.com'], ['a b@x.com'], ['a@@x.com'], [null], [5]])(
    'refuses %j',
    (email) => {
      const r = friendRequestSchema.safeParse({ recipientEmail: email });
      expect(r.error?.issues.map((i) => [formatIssuePath(i.path), i.message])).toEqual([
        ['recipientEmail', 'Please enter a valid email address.'],
      ]);
    },
  );
  it('readEmailAddress accepts simple addresses', () => {
    expect(readEmailAddress('a.b+c@sub.example.org')).toEqual({
      ok: true,
      value: 'a.b+c@sub.example.org',
    });
  });
});
