// Fixed-window rate limits counted in the database (contract §1.11), so that every server
// process shares the same counters. One upsert per rule per request.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rateLimitCounters } from '../../db/schema.js';
import { RateLimitedError } from '../../errors/app-errors.js';

export interface RateRule {
  /** Identifies the counter, e.g. `login:ip:1.2.3.4`. */
  key: string;
  /** Allowed requests per window. */
  limit: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

export class RateLimiter {
  private sweeps = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts one attempt against every rule; throws RateLimitedError when any is exceeded. */
  async hit(rules: RateRule[]): Promise<void> {
    const now = this.now();
    let retryAfter = 0;
    for (const rule of rules) {
      const windowMs = rule.windowSeconds * 1000;
      const start = Math.floor(now.getTime() / windowMs) * windowMs;
      const end = start + windowMs;
      const rows = await this.db
        .insert(rateLimitCounters)
        .values({ key: rule.key, windowStart: new Date(start), count: 1, expiresAt: new Date(end) })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      const count = rows[0]?.count ?? 1;
      if (count > rule.limit) {
        retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((end - now.getTime()) / 1000)));
      }
    }
    if (++this.sweeps % 200 === 0) {
      await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
    }
    if (retryAfter > 0) throw new RateLimitedError(retryAfter);
  }
}
