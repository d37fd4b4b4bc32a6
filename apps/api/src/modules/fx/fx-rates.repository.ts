// The exchange-rate cache (table fx_rates): one rate per currency pair and day asked for,
// shared by every server process.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { queryRows } from '../../db/database.js';

export interface CachedRate {
  base: string;
  quote: string;
  /** Exact decimal text. */
  rate: string;
  /** YYYY-MM-DD: the day the rate is from. */
  rateDate: string;
  /** When it was fetched. */
  createdAt: Date;
}

interface Row {
  base: string;
  quote: string;
  rate: string;
  rate_date: string;
  created_at: string | Date;
}

function cachedOf(r: Row): CachedRate {
  return {
    base: r.base,
    quote: r.quote,
    rate: r.rate,
    rateDate: r.rate_date,
    createdAt: new Date(r.created_at),
  };
}

/** The cached rate of (base, quote) or (quote, base) for `day`, the direct pair first. */
export async function findCachedRate(
  db: Db,
  base: string,
  quote: string,
  day: string,
): Promise<CachedRate | null> {
  const rows = await queryRows<Row>(
    db,
    sql`select base, quote, rate::text as rate, to_char(rate_date, 'YYYY-MM-DD') as rate_date,
               created_at
          from fx_rates
         where day = ${day}::date
           and ((base = ${base} and quote = ${quote}) or (base = ${quote} and quote = ${base}))
         order by (base = ${base}) desc
         limit 1`,
  );
  return rows[0] === undefined ? null : cachedOf(rows[0]);
}

/** Stores a rate for (base, quote, day); an existing row wins (another process was first). */
export async function storeRate(
  db: Db,
  base: string,
  quote: string,
  day: string,
  rate: string,
  rateDate: string,
): Promise<void> {
  await db.execute(sql`insert into fx_rates (base, quote, day, rate, rate_date)
                       values (${base}, ${quote}, ${day}::date, ${rate}::numeric, ${rateDate}::date)
                       on conflict (base, quote, day) do nothing`);
}

/** Replaces today's rate (today's may change during the day). */
export async function refreshRate(
  db: Db,
  base: string,
  quote: string,
  day: string,
  rate: string,
  rateDate: string,
): Promise<void> {
  await db.execute(sql`insert into fx_rates (base, quote, day, rate, rate_date)
                       values (${base}, ${quote}, ${day}::date, ${rate}::numeric, ${rateDate}::date)
                       on conflict (base, quote, day) do update
                         set rate = excluded.rate, rate_date = excluded.rate_date,
                             created_at = now()`);
}

/**
 * The newest cached rate (by day) between `base` and each of `quotes`, in either direction:
 * rows of (base, quote) and of (quote, base), the newest of each quote.
 */
export async function latestCachedRates(
  db: Db,
  base: string,
  quotes: readonly string[],
): Promise<CachedRate[]> {
  if (quotes.length === 0) return [];
  const list = [...quotes];
  return (
    await queryRows<Row>(
      db,
      sql`select distinct on (other) base, quote, rate::text as rate,
                 to_char(rate_date, 'YYYY-MM-DD') as rate_date, created_at,
                 case when base = ${base} then quote else base end as other
            from fx_rates
           where (base = ${base} and quote in ${list})
              or (quote = ${base} and base in ${list})
           order by other, day desc, (base = ${base}) desc`,
    )
  ).map(cachedOf);
}
