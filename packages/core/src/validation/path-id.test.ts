import { describe, expect, it } from 'vitest';
import { parsePathId, pathIdSchema } from './path-id.js';

describe('path ids', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9999999999999999', Number('9999999999999999')],
  ])('accepts %s', (raw, id) => {
    expect(parsePathId(raw, 'Group')).toEqual({ ok: true, id, text: raw });
  });
  it.each([
    ['0'],
    ['01'],
    ['-1'],
    ['1.5'],
    ['abc'],
    [''],
    ['12345678901234567'],
    [' 1'],
    [undefined],
    [5],
  ])('refuses %j', (raw) => {
    expect(parsePathId(raw, 'Expense')).toEqual({ ok: false, message: 'Invalid Expense ID.' });
  });
  it('zod schema', () => {
    expect(pathIdSchema('Friendship').parse('12')).toBe(12);
    expect(pathIdSchema('User').safeParse('x').error?.issues[0]?.message).toBe('Invalid User ID.');
    expect(pathIdSchema('Comment').safeParse('0').error?.issues[0]?.message).toBe(
      'Invalid Comment ID.',
    );
    expect(pathIdSchema('Payment').safeParse('').error?.issues[0]?.message).toBe(
      'Invalid Payment ID.',
    );
  });
});
