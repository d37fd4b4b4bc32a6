import { DEFAULT_NOTIFICATION_SETTINGS } from '@evenly/core';
import { describe, expect, it } from 'vitest';
import type { NotifiableRow } from './notes.js';
import { lazyDelivery } from './notifier.js';

/** An expense row whose field reads are counted: writing its note reads them. */
function countedRow(): { row: NotifiableRow; reads: () => number } {
  const row: NotifiableRow = {
    id: 41,
    recipientId: 7,
    recipientName: 'Bea',
    actorId: 3,
    actorName: 'Ann',
    type: 'expense_added',
    groupId: 5,
    groupName: 'Flat',
    description: 'Groceries',
    amountCents: 4_250,
    currency: 'EUR',
    myShareCents: 1_417,
    subjectId: 90,
    category: null,
    recipientLocale: 'de-DE',
    at: new Date('2026-11-30T18:00:00Z'),
  };
  let reads = 0;
  const counted = new Proxy(row, {
    get(target, key, receiver) {
      if (key !== 'recipientId') reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { row: counted, reads: () => reads };
}

describe('the notifier', () => {
  it('writes a note only when a channel reads it, and once', () => {
    const { row, reads } = countedRow();
    const setting = DEFAULT_NOTIFICATION_SETTINGS.EXPENSE;
    const delivery = lazyDelivery(row, 'EXPENSE', setting);
    expect(delivery.recipientId).toBe(7);
    expect(delivery.setting).toBe(setting);
    expect(reads()).toBe(0);

    const note = delivery.note;
    expect(note.userId).toBe(7);
    expect(`${note.title} ${note.body}`).toContain('Groceries');
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(delivery.note).toBe(note);
    expect(reads()).toBe(afterFirst);
  });
});
