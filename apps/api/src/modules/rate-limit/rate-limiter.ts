// Fixed-window rate limits counted in the database (docs/api.md §1.11), so that every server
// process shares the same counters. One upsert per rule per request.
import type { Db } from '../../db/database.js';
import { RateLimitedError } from '../../errors/app-errors.js';
import { countAttempt, deleteExpiredCounters } from './rate-limit.repository.js';

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
      const count = await countAttempt(this.db, rule.key, new Date(start), new Date(end));
      if (count > rule.limit) {
        retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((end - now.getTime()) / 1000)));
      }
    }
    if (++this.sweeps % 200 === 0) {
      await deleteExpiredCounters(this.db, now);
    }
    if (retryAfter > 0) throw new RateLimitedError(retryAfter);
  }
}
