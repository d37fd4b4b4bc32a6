import { describe, expect, it } from 'vitest';
import { isFinalMailState, mailStatusDelayMs } from './mailStatusPolling';

describe('mail status polling', () => {
  it('backs off from a second to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(mailStatusDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 15_000, 30_000, 60_000, 60_000,
    ]);
  });

  it('stops at sent and failed', () => {
    expect(
      ['pending', 'retrying', 'sent', 'failed'].map((s) => isFinalMailState(s as never)),
    ).toEqual([false, false, true, true]);
  });
});
