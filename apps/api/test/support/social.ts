// Small helpers shared by the friendships, groups and invitations tests.
import type { Cents } from '@evenly/core';
import type { LightMyRequestResponse } from 'fastify';
import { applyDebts } from '../../src/modules/balances/pair-balances.repository.js';
import { CHANGES_CHANNEL } from '../../src/modules/events/change-notifier.js';
import type { ChangeNotification } from '../../src/modules/events/change-notifier.js';
import { createUsers } from './fixtures.js';
import type { TestUser } from './fixtures.js';
import type { TestContext } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request as `who` (anyone with `.auth` headers). */
export function caller(ctx: TestContext, who: { auth: { authorization: string } }) {
  return (method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** Records that `from` owes `to` `cents` in a group (or outside groups with null). */
export async function owe(
  ctx: TestContext,
  groupId: number | null,
  from: { id: number },
  to: { id: number },
  cents: number,
  currency = 'USD',
): Promise<void> {
  await applyDebts(
    ctx.database.handle.db,
    groupId,
    currency,
    [{ from: from.id, to: to.id, cents: cents as Cents }],
    1,
  );
  await announceBalanceChange(ctx, groupId, [from.id, to.id]);
}

/**
 * Tells the app about a balance change written behind its back, as its own writes do (drops
 * what the change affects from its caches).
 */
export async function announceBalanceChange(
  ctx: TestContext,
  groupId: number | null,
  userIds: number[],
): Promise<void> {
  await ctx.app.services.deps.committed([
    { entity: 'payment', action: 'created', id: 0, groupId, recipients: [], affected: userIds },
  ]);
}

/** `createUsers` typed as a tuple of the names given, so destructuring needs no checks. */
export async function makeUsers<const N extends readonly string[]>(
  ctx: TestContext,
  ...names: N
): Promise<{ -readonly [K in keyof N]: TestUser }> {
  return (await createUsers(ctx, ...names)) as { -readonly [K in keyof N]: TestUser };
}

/** Collects the change notifications (NOTIFY on the changes channel) while it runs. */
export async function listenChanges(
  ctx: TestContext,
): Promise<{ changes: ChangeNotification[]; settle(): Promise<void>; stop(): Promise<void> }> {
  const changes: ChangeNotification[] = [];
  const push = (payload: string | undefined) => {
    if (payload !== undefined) changes.push(JSON.parse(payload) as ChangeNotification);
  };
  const { pglite, pool } = ctx.database.handle;
  let stop: () => Promise<void>;
  if (pglite !== null) {
    const unsubscribe = await pglite.listen(CHANGES_CHANNEL, push);
    stop = unsubscribe;
  } else if (pool !== null) {
    const client = await pool.connect();
    client.on('notification', (n) => push(n.payload));
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    stop = async () => {
      await client.query(`UNLISTEN ${CHANGES_CHANNEL}`);
      client.release();
    };
  } else {
    throw new Error('no database to listen on');
  }
  return {
    changes,
    settle: () => new Promise((r) => setTimeout(r, 150)),
    stop: () => stop(),
  };
}
