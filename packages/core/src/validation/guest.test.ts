import { describe, expect, it } from 'vitest';
import { messageText } from '../message.js';
import type { ValidationResult } from './issues.js';
import { validateGuestCreate, validateGuestPatch } from './guest.js';

function messages(result: ValidationResult<unknown>) {
  return result.ok ? [] : result.issues.map((i) => [i.path.join('.'), messageText(i.message)]);
}

describe('validateGuestCreate', () => {
  it('trims the name and lower-cases the address; a blank address is none', () => {
    expect(validateGuestCreate({ name: '  Dan ', email: ' Dan@Example.COM ' })).toEqual({
      ok: true,
      value: { name: 'Dan', email: 'dan@example.com' },
    });
    expect(validateGuestCreate({ name: 'Dan', email: '  ' })).toEqual({
      ok: true,
      value: { name: 'Dan', email: null },
    });
    expect(validateGuestCreate({ name: 'Dan' })).toEqual({
      ok: true,
      value: { name: 'Dan', email: null },
    });
  });

  it('says what is wrong with each field', () => {
    expect(messages(validateGuestCreate({ name: '   ', email: 'dan@' }))).toEqual([
      ['name', 'Please enter a name.'],
      ['email', 'Please enter a valid email address.'],
    ]);
    expect(messages(validateGuestCreate({ name: 'x'.repeat(101) }))).toEqual([
      ['name', 'Name must be at most 100 characters.'],
    ]);
    expect(messages(validateGuestCreate({ name: 'x'.repeat(100) }))).toEqual([]);
  });
});

describe('validateGuestPatch', () => {
  it('keeps only the fields sent; a blank address clears it', () => {
    expect(validateGuestPatch({})).toEqual({ ok: true, value: {} });
    expect(validateGuestPatch({ email: '' })).toEqual({ ok: true, value: { email: null } });
    expect(validateGuestPatch({ name: ' Eve ' })).toEqual({ ok: true, value: { name: 'Eve' } });
    expect(messages(validateGuestPatch({ name: '', email: 'eve' }))).toEqual([
      ['name', 'Please enter a name.'],
      ['email', 'Please enter a valid email address.'],
    ]);
  });
});
