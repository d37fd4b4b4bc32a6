// The retry every test server start goes through (support/server-process.ts): a port found free
// can be taken before the child binds it, which only a new port mends.
import { describe, expect, it } from 'vitest';
import { retryWhilePortTaken } from './support/server-process.js';

const taken = () => new Error('server exited early:\nError: listen EADDRINUSE 127.0.0.1:4000');

describe('retryWhilePortTaken', () => {
  it('starts again while the port was taken, and returns the start that worked', async () => {
    let calls = 0;
    const result = await retryWhilePortTaken(async () => {
      calls++;
      if (calls < 3) throw taken();
      return 'up';
    });
    expect(result).toBe('up');
    expect(calls).toBe(3);
  });

  it('passes any other failure on at once', async () => {
    let calls = 0;
    const failing = retryWhilePortTaken(async () => {
      calls++;
      throw new Error('server exited early: bad config');
    });
    await expect(failing).rejects.toThrow('bad config');
    expect(calls).toBe(1);
  });

  it('gives up after five tries', async () => {
    let calls = 0;
    const failing = retryWhilePortTaken(async () => {
      calls++;
      throw taken();
    });
    await expect(failing).rejects.toThrow('EADDRINUSE');
    expect(calls).toBe(5);
  });
});
