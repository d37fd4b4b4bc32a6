import { describe, expect, it } from 'vitest';
import { DecodeGate } from './decode-gate.js';

interface Held {
  started: Promise<void>;
  finish: () => void;
  done: Promise<string>;
}

/** Queues a task on `gate` that signals when it starts and ends only when told to. */
function hold(gate: DecodeGate, name: string): Held {
  let onStart = () => {};
  const started = new Promise<void>((resolve) => (onStart = resolve));
  let finish = () => {};
  const release = new Promise<void>((resolve) => (finish = resolve));
  const done = gate.run(async () => {
    onStart();
    await release;
    return name;
  });
  return { started, finish, done };
}

describe('DecodeGate', () => {
  it('runs two at once, queues the next ones and refuses past the queue', async () => {
    const gate = new DecodeGate(2, 1, () => new Error('full'));
    const a = hold(gate, 'a');
    const b = hold(gate, 'b');
    await Promise.all([a.started, b.started]);
    const c = hold(gate, 'c');
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    await expect(gate.run(() => Promise.resolve('d'))).rejects.toThrow('full');

    let cStarted = false;
    void c.started.then(() => (cStarted = true));
    a.finish();
    expect(await a.done).toBe('a');
    await c.started;
    expect(cStarted).toBe(true);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });

    b.finish();
    c.finish();
    expect(await Promise.all([b.done, c.done])).toEqual(['b', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new DecodeGate(1, 0, () => new Error('full'));
    await expect(gate.run(() => Promise.reject(new Error('bad picture')))).rejects.toThrow(
      'bad picture',
    );
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(() => Promise.resolve(1))).toBe(1);
  });
});
