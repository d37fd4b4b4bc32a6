import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import type { Expense } from '../api/types';
import { deleteOccurrenceAction, endSeriesAction, skipNextAction } from './seriesActions';

/** Records the API calls made and answers each with `{}`. */
function stubFetch() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    });
    return Promise.resolve(
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  });
  return calls;
}

// The texts are the messages' English (no catalog loaded: the source text is shown).
beforeAll(() => i18n.activate('en'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('series actions', () => {
  it('skips the given next date of the series', async () => {
    const calls = stubFetch();
    const action = skipNextAction(5, 'Rent', '2027-03-31');
    expect(action.message).toBe('Skip "Rent" on Mar 31, 2027? Later repeats are still added.');
    await action.call();
    expect(calls).toEqual([
      { url: '/api/series/5/skip', method: 'POST', body: { date: '2027-03-31' } },
    ]);
  });

  it('ends the series', async () => {
    const calls = stubFetch();
    const action = endSeriesAction(5, 'Rent');
    expect(action.confirmLabel).toBe('End series');
    await action.call();
    expect(calls).toEqual([{ url: '/api/series/5/end', method: 'POST', body: null }]);
  });

  it('deletes one occurrence, named by its scheduled date', async () => {
    const calls = stubFetch();
    const occurrence = {
      id: 77,
      description: 'Rent',
      date: '2027-03-01',
      occurrenceDate: '2027-02-28',
    } as Expense;
    const action = deleteOccurrenceAction(occurrence);
    expect(action.message).toContain('"Rent" of Feb 28, 2027');
    await action.call();
    expect(calls).toEqual([{ url: '/api/expenses/77', method: 'DELETE', body: null }]);
  });
});
