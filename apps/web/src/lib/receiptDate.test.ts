import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { receiptDateNotice } from './receiptDate';

// The texts are the messages' English (no catalog loaded: the source text is shown).
beforeAll(() => i18n.activate('en'));

describe('receiptDateNotice', () => {
  it('says nothing within 60 days of today, either way', () => {
    expect(receiptDateNotice('2026-11-29', '2026-11-29')).toBeNull();
    expect(receiptDateNotice('2026-09-30', '2026-11-29')).toBeNull(); // 60 days ago
    expect(receiptDateNotice('2027-01-28', '2026-11-29')).toBeNull(); // 60 days ahead
  });
  it('flags a date further away, old or in the future', () => {
    expect(receiptDateNotice('2026-09-29', '2026-11-29')).toBe(
      'The receipt is dated Sep 29, 2026, more than 60 days ago. Please check the date before saving.',
    );
    expect(receiptDateNotice('2017-03-14', '2026-11-29')).toBe(
      'The receipt is dated Mar 14, 2017, more than 60 days ago. Please check the date before saving.',
    );
    expect(receiptDateNotice('2027-01-29', '2026-11-29')).toBe(
      'The receipt is dated Jan 29, 2027, more than 60 days from today. Please check the date before saving.',
    );
  });
  it('counts calendar days across a change to or from summer time', () => {
    expect(receiptDateNotice('2026-01-29', '2026-03-30')).toBeNull(); // 60 days over the March change
    expect(receiptDateNotice('2026-01-28', '2026-03-30')).not.toBeNull();
  });
});
