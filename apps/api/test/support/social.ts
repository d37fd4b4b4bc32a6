// Small helpers shared by the friendships, groups and invitations tests.
import type { Cents } from '@evenly/core';
import type { LightMyRequestResponse } from 'fastify';
import { applyDebts } from '../../src/db/pair-slots.js';
import type { FeedChange } from '../../src/db/change-feed.js';
import { createUsers } from './fixtures.js';
import type { TestUser } from './fixtures.js';
import type { TestContext } from './test-app.js';
import { settleFeed } from './test-app.js';

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
}

/** `createUsers` typed as a tuple of the names given, so destructuring needs no checks. */
export async function makeUsers<const N extends readonly string[]>(
  ctx: TestContext,
  ...names: N
): Promise<{ -readonly [K in keyof N]: TestUser }> {
  return (await createUsers(ctx, ...names)) as { -readonly [K in keyof N]: TestUser };
}

/**
 * Collects the changes the app's change feed delivers (db/change-feed.ts) while it runs, as every
 * subscriber (caches, event streams) gets them.
 */
export async function listenChanges(ctx: TestContext): Promise<{
  changes: FeedChange[];
  settle(): Promise<void>;
  stop(): void;
}> {
  const changes: FeedChange[] = [];
  const feed = ctx.app.infra.feed;
  // Changes committed before now are not this listener's.
  await settleFeed(ctx);
  const stop = feed.subscribe({ changes: (batch) => changes.push(...batch) });
  return {
    changes,
    async settle() {
      // Delivery follows the commit; a pass now (and any it asks for) picks up everything.
      feed.kick();
      await feed.settled();
    },
    stop,
  };
}
