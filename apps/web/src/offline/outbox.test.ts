// The offline outbox and its sender (issue #13 point 6): order, exactly once under lost answers,
// edits based on the version they were made from, conflicts kept with what the server kept.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetOfflineDbForTests } from './db';
import { discardItem, enqueue, listOutbox, type NewOutboxItem } from './outbox';
import { flushOutbox, type Transport } from './send';

const ME = 7;

beforeEach(() => {
  // A fresh, empty database for every test.
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
});

function item(
  over: Partial<NewOutboxItem> & Pick<NewOutboxItem, 'kind' | 'action'>,
): NewOutboxItem {
  return {
    userId: ME,
    request: {
      method: over.action === 'update' ? 'PUT' : 'POST',
      path: '/expenses',
      body: { description: over.label ?? 'Dinner' },
      multipart: false,
      file: null,
      idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    },
    groupId: 1,
    targetId: null,
    baseUpdatedAt: null,
    label: 'Dinner',
    summary: '',
    copyText: 'Dinner 10.00',
    ...over,
  };
}

/**
 * A server with expenses and comments that honours Idempotency-Key and expectedUpdatedAt like
 * the API. `loseAnswers` drops the answer of the next n writes after they were applied.
 */
function fakeServer() {
  let clock = Date.parse('2025-03-14T10:00:00.000Z');
  const expenses = new Map<number, { id: number; description: string; updatedAt: string }>();
  const comments: { expenseId: number; content: string }[] = [];
  const replays = new Map<string, { json: string | null; status: number; body: unknown }>();
  const seen: string[] = [];
  let nextId = 100;
  let lose = 0;
  let failWith: number | null = null;
  const tick = () => new Date((clock += 1000)).toISOString();
  const transport: Transport = (request) => {
    if (request.method === 'GET') {
      const id = Number(request.path.split('/')[2]);
      const found = expenses.get(id);
      return Promise.resolve(
        found ? { status: 200, body: found } : { status: 404, body: { code: 'NOT_FOUND' } },
      );
    }
    seen.push(`${request.method} ${request.path} ${request.idempotencyKey ?? ''}`);
    if (failWith !== null) return Promise.resolve({ status: failWith, body: { message: 'Boom' } });
    const body = JSON.parse(request.json ?? '{}') as Record<string, unknown>;
    const key = `${request.method} ${request.path} ${request.idempotencyKey ?? ''}`;
    const stored = replays.get(key);
    let answer: { status: number; body: unknown };
    if (stored !== undefined) {
      answer =
        stored.json === request.json
          ? stored
          : { status: 409, body: { code: 'IDEMPOTENCY_CONFLICT', message: 'different' } };
    } else if (request.method === 'POST' && request.path === '/expenses') {
      const created = { id: nextId++, description: String(body.description), updatedAt: tick() };
      expenses.set(created.id, created);
      answer = { status: 201, body: created };
    } else if (request.method === 'POST' && request.path.endsWith('/comments')) {
      const expenseId = Number(request.path.split('/')[2]);
      if (!expenses.has(expenseId)) {
        answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Expense not found.' } };
      } else {
        comments.push({ expenseId, content: String(body.content) });
        answer = { status: 201, body: { id: comments.length } };
      }
    } else if (request.method === 'PUT') {
      const id = Number(request.path.split('/')[2]?.split('?')[0]);
      const current = expenses.get(id);
      if (current === undefined) {
        answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Expense not found.' } };
      } else if (
        body.expectedUpdatedAt !== undefined &&
        body.expectedUpdatedAt !== current.updatedAt
      ) {
        answer = { status: 409, body: { code: 'EDIT_CONFLICT', message: 'changed' } };
      } else if (body.description === '') {
        answer = {
          status: 400,
          body: { code: 'VALIDATION_FAILED', message: 'Please enter a description.' },
        };
      } else {
        const updated = { ...current, description: String(body.description), updatedAt: tick() };
        expenses.set(id, updated);
        answer = { status: 200, body: updated };
      }
    } else {
      answer = { status: 404, body: null };
    }
    if (answer.status < 300 && stored === undefined) {
      replays.set(key, { json: request.json, ...answer });
    }
    if (lose > 0 && answer.status < 300) {
      lose -= 1;
      return Promise.resolve(null);
    }
    return Promise.resolve(answer);
  };
  return {
    transport,
    expenses,
    comments,
    seen,
    loseAnswers: (n: number) => {
      lose = n;
    },
    failWith: (status: number | null) => {
      failWith = status;
    },
    /** Someone else edits an expense. */
    editElsewhere: (id: number, description: string) => {
      const current = expenses.get(id);
      if (current) expenses.set(id, { ...current, description, updatedAt: tick() });
    },
    seed: (description: string) => {
      const created = { id: nextId++, description, updatedAt: tick() };
      expenses.set(created.id, created);
      return created;
    },
  };
}

describe('outbox', () => {
  it('keeps each person’s items in the order they were made', async () => {
    await enqueue(item({ kind: 'expense', action: 'create', label: 'A' }));
    await enqueue(item({ kind: 'expense', action: 'create', label: 'B', userId: 8 }));
    await enqueue(item({ kind: 'payment', action: 'create', label: 'C' }));
    expect((await listOutbox(ME)).map((i) => i.label)).toEqual(['A', 'C']);
    expect((await listOutbox(8)).map((i) => i.label)).toEqual(['B']);
  });

  it('sends everything in order, each once, and empties the outbox', async () => {
    const server = fakeServer();
    const target = server.seed('Lunch');
    await enqueue(
      item({
        kind: 'expense',
        action: 'create',
        request: {
          ...item({ kind: 'expense', action: 'create' }).request,
          body: { description: 'Dinner' },
        },
      }),
    );
    await enqueue(
      item({
        kind: 'comment',
        action: 'create',
        targetId: target.id,
        request: {
          ...item({ kind: 'comment', action: 'create' }).request,
          path: `/expenses/${String(target.id)}/comments`,
          body: { content: 'Thanks' },
        },
      }),
    );
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect(server.seen.map((s) => s.split(' ').slice(0, 2).join(' '))).toEqual([
      'POST /expenses',
      `POST /expenses/${String(target.id)}/comments`,
    ]);
    expect([...server.expenses.values()].map((e) => e.description)).toEqual(['Lunch', 'Dinner']);
    expect(server.comments).toEqual([{ expenseId: target.id, content: 'Thanks' }]);
    expect(await listOutbox(ME)).toEqual([]);
    // Nothing left: a second flush sends nothing.
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect(server.seen).toHaveLength(2);
  });

  it('replays a create whose answer was lost instead of making it twice', async () => {
    const server = fakeServer();
    const base = item({ kind: 'expense', action: 'create' });
    await enqueue({ ...base, request: { ...base.request, body: { description: 'Taxi' } } });
    await enqueue(item({ kind: 'expense', action: 'create', label: 'Later' }));
    server.loseAnswers(1);
    // The write reached the server, the answer did not: the flush stops and keeps both.
    expect(await flushOutbox(ME, server.transport)).toBe('offline');
    const [first, second] = await listOutbox(ME);
    expect(first).toMatchObject({ label: 'Dinner', attempts: 1, state: 'pending' });
    expect(second).toMatchObject({ label: 'Later', attempts: 0 });
    expect(server.expenses.size).toBe(1);
    // Back online: the same request under the same key; the server replays it.
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect([...server.expenses.values()].map((e) => e.description)).toEqual(['Taxi', 'Later']);
    expect(server.seen[0]).toBe(server.seen[1]);
    expect(await listOutbox(ME)).toEqual([]);
  });

  it('keeps a write the server could not take now (5xx) and sends it later', async () => {
    const server = fakeServer();
    await enqueue(item({ kind: 'expense', action: 'create' }));
    server.failWith(503);
    expect(await flushOutbox(ME, server.transport)).toBe('later');
    expect(await listOutbox(ME)).toMatchObject([{ state: 'pending', attempts: 1 }]);
    server.failWith(null);
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect(server.expenses.size).toBe(1);
  });

  it('sends an edit from the version it was made from, and a second edit from the first one’s result', async () => {
    const server = fakeServer();
    const target = server.seed('Dinner');
    const edit = (description: string, baseUpdatedAt: string | null) =>
      item({
        kind: 'expense',
        action: 'update',
        targetId: target.id,
        baseUpdatedAt,
        request: {
          ...item({ kind: 'expense', action: 'update' }).request,
          path: `/expenses/${String(target.id)}?scope=this`,
          body: { description },
        },
      });
    await enqueue(edit('Dinner for two', target.updatedAt));
    const second = await enqueue(edit('Dinner for three', target.updatedAt));
    expect(second.after).not.toBeNull();
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect(server.expenses.get(target.id)?.description).toBe('Dinner for three');
  });

  it('keeps an edit of an expense changed meanwhile as a conflict, with the version kept', async () => {
    const server = fakeServer();
    const target = server.seed('Dinner');
    const edit = (description: string) =>
      item({
        kind: 'expense',
        action: 'update',
        targetId: target.id,
        baseUpdatedAt: target.updatedAt,
        label: description,
        request: {
          ...item({ kind: 'expense', action: 'update' }).request,
          path: `/expenses/${String(target.id)}?scope=this`,
          body: { description },
        },
      });
    await enqueue(edit('Mine'));
    await enqueue(edit('Mine again'));
    await enqueue(item({ kind: 'expense', action: 'create', label: 'Unrelated' }));
    server.editElsewhere(target.id, 'Theirs');
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect(server.expenses.get(target.id)?.description).toBe('Theirs');
    const left = await listOutbox(ME);
    expect(left.map((i) => [i.label, i.state])).toEqual([
      ['Mine', 'conflict'],
      ['Mine again', 'conflict'],
    ]);
    expect(left[0]?.problem).toMatchObject({
      code: 'EDIT_CONFLICT',
      kept: 'Theirs',
      keptUpdatedAt: server.expenses.get(target.id)?.updatedAt,
      gone: false,
    });
    // The unrelated write after them was sent.
    expect([...server.expenses.values()].map((e) => e.description)).toContain('Unrelated');
  });

  it('tells an edit or comment of a deleted expense apart from a refused write', async () => {
    const server = fakeServer();
    await enqueue(
      item({
        kind: 'expense',
        action: 'update',
        targetId: 999,
        baseUpdatedAt: '2025-01-01T00:00:00.000Z',
        request: {
          ...item({ kind: 'expense', action: 'update' }).request,
          path: '/expenses/999?scope=this',
          body: { description: 'x' },
        },
      }),
    );
    const target = server.seed('Dinner');
    await enqueue(
      item({
        kind: 'expense',
        action: 'update',
        targetId: target.id,
        baseUpdatedAt: target.updatedAt,
        request: {
          ...item({ kind: 'expense', action: 'update' }).request,
          path: `/expenses/${String(target.id)}?scope=this`,
          body: { description: '' },
        },
      }),
    );
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    const [gone, refused] = await listOutbox(ME);
    expect(gone).toMatchObject({
      state: 'conflict',
      problem: { gone: true, message: 'This expense was deleted while you were offline.' },
    });
    expect(refused).toMatchObject({
      state: 'failed',
      problem: { code: 'VALIDATION_FAILED', message: 'Please enter a description.', gone: false },
    });
  });

  it('lets a later edit take the place of a discarded earlier one', async () => {
    const server = fakeServer();
    const target = server.seed('Dinner');
    const edit = (description: string) =>
      item({
        kind: 'expense',
        action: 'update',
        targetId: target.id,
        baseUpdatedAt: target.updatedAt,
        request: {
          ...item({ kind: 'expense', action: 'update' }).request,
          path: `/expenses/${String(target.id)}?scope=this`,
          body: { description },
        },
      });
    const first = await enqueue(edit('First'));
    await enqueue(edit('Second'));
    await discardItem(first.seq);
    const [only] = await listOutbox(ME);
    expect(only).toMatchObject({ after: null, baseUpdatedAt: target.updatedAt });
    expect(await flushOutbox(ME, server.transport)).toBe('done');
    expect(server.expenses.get(target.id)?.description).toBe('Second');
  });
});
