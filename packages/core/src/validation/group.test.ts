import { describe, expect, it } from 'vitest';
import { addMembersSchema, groupCreateSchema, groupPatchSchema } from './group.js';

function messages(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
  },
  input: unknown,
) {
  const r = schema.safeParse(input);
  return r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);
}

describe('groupCreateSchema', () => {
  it('defaults currency and simplifyDebts', () => {
    expect(groupCreateSchema.parse({ name: '  Lisbon trip ' })).toEqual({
      name: 'Lisbon trip',
      defaultCurrency: 'USD',
      simplifyDebts: false,
      currencyMode: 'CONVERT',
    });
    expect(
      groupCreateSchema.parse({ name: 'x', defaultCurrency: 'eur', simplifyDebts: true }),
    ).toEqual({
      name: 'x',
      defaultCurrency: 'EUR',
      simplifyDebts: true,
      currencyMode: 'CONVERT',
    });
  });
  it('name messages', () => {
    expect(messages(groupCreateSchema, {})).toEqual(['Group name cannot be empty.']);
    expect(messages(groupCreateSchema, { name: '   ' })).toEqual(['Group name cannot be empty.']);
    expect(messages(groupCreateSchema, { name: 'x'.repeat(101) })).toEqual([
      'Group name must be at most 100 characters.',
    ]);
    expect(messages(groupCreateSchema, { name: 'x'.repeat(100) })).toEqual([]);
  });
  it('currency and simplifyDebts', () => {
    expect(messages(groupCreateSchema, { name: 'x', defaultCurrency: 'dollars' })).toEqual([
      'Currency must be a 3-letter ISO 4217 code.',
    ]);
    expect(messages(groupCreateSchema, { name: 'x', simplifyDebts: 'yes' })).toEqual([
      'simplifyDebts must be true or false.',
    ]);
  });
});

describe('groupPatchSchema', () => {
  it('keeps only the given fields', () => {
    expect(groupPatchSchema.parse({})).toEqual({});
    expect(groupPatchSchema.parse({ simplifyDebts: true })).toEqual({ simplifyDebts: true });
    expect(
      groupPatchSchema.parse({ name: ' New ', defaultCurrency: 'gbp', simplifyDebts: null }),
    ).toEqual({
      name: 'New',
      defaultCurrency: 'GBP',
    });
  });
  it('refuses an empty name', () => {
    expect(messages(groupPatchSchema, { name: '' })).toEqual(['Group name cannot be empty.']);
    expect(messages(groupPatchSchema, { name: null })).toEqual(['Group name cannot be empty.']);
    expect(messages(groupPatchSchema, { name: 'x'.repeat(101) })).toEqual([
      'Group name must be at most 100 characters.',
    ]);
  });
});

describe('addMembersSchema', () => {
  it('ids (deduplicated) or an e-mail', () => {
    expect(addMembersSchema.parse({ memberIds: [5, 9, 5] })).toEqual({
      kind: 'ids',
      memberIds: [5, 9],
    });
    expect(addMembersSchema.parse({ memberEmail: ' Bea@Example.com ' })).toEqual({
      kind: 'email',
      memberEmail: 'bea@example.com',
    });
    expect(addMembersSchema.parse({ memberIds: [], memberEmail: 'a@b.c' })).toEqual({
      kind: 'email',
      memberEmail: 'a@b.c',
    });
  });
  it('messages', () => {
    expect(messages(addMembersSchema, {})).toEqual([
      'Please select at least one friend from the list.',
    ]);
    expect(messages(addMembersSchema, { memberIds: [] })).toEqual([
      'Please select at least one friend from the list.',
    ]);
    expect(messages(addMembersSchema, { memberIds: [1], memberEmail: 'a@b.c' })).toEqual([
      'Send either memberEmail or memberIds, not both.',
    ]);
    expect(messages(addMembersSchema, { memberEmail: 'not-an-email' })).toEqual([
      'Please enter a valid email address.',
    ]);
    expect(messages(addMembersSchema, { memberIds: ['x'] })).toEqual([
      'Please select at least one friend from the list.',
    ]);
    expect(messages(addMembersSchema, { memberIds: 5 })).toEqual([
      'Please select at least one friend from the list.',
    ]);
    expect(
      messages(addMembersSchema, { memberIds: Array.from({ length: 51 }, (_, i) => i + 1) }),
    ).toEqual(['You can add at most 50 people at once.']);
  });
});

describe('groupPatchSchema cover', () => {
  it('accepts a palette colour and one emoji, and null to clear', () => {
    expect(groupPatchSchema.parse({ coverColor: 'teal', coverEmoji: ' 🍕 ' })).toEqual({
      coverColor: 'teal',
      coverEmoji: '🍕',
    });
    expect(groupPatchSchema.parse({ coverColor: null, coverEmoji: null })).toEqual({
      coverColor: null,
      coverEmoji: null,
    });
  });

  it('refuses other colours and text as an emoji', () => {
    expect(() => groupPatchSchema.parse({ coverColor: 'black' })).toThrow(
      'Please choose one of the cover colours.',
    );
    expect(() => groupPatchSchema.parse({ coverEmoji: 'ab' })).toThrow(
      'Please choose a single emoji.',
    );
  });
});
