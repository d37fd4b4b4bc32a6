// The guard of a ledger write done as one statement (expense and payment creation). The rules were
// checked in JavaScript against facts read without locks (ledger-context.ts); the write statement
// takes the locks those facts need and checks them again under the locks before it inserts a
// thing, so a write never lands on facts that changed in between (a member who left, a friendship
// that ended, a currency changed), and it claims the Idempotency-Key in the same statement:
//
// - `k`: the key's transaction-scoped advisory lock (held by a running request with that key);
// - `g`, `m`, `f`: the group row FOR KEY SHARE, then the named people's memberships and the
//   caller's friendships FOR SHARE (ledger-locks.ts explains the order). Rows changed by a
//   transaction we waited for are re-read (EvalPlanQual), so the counts are those after it;
// - `ok`: the lock was free and every fact holds;
// - `kins`: the key's stored response, inserted (or an expired one replaced) only when ok;
// - `go`: ok, and the key was not taken meanwhile. Everything the write inserts is conditional
//   on `go`, so a refused statement writes nothing.
//
// The caller falls back to the locking transaction (which reports the right error) when `ok` is
// false, answers 409 when the key was busy, and replays the stored response when it was taken.
import { KEY_LOCK_SEED } from '../idempotency/index.js';
import type { KeyToStore } from '../idempotency/index.js';

export interface GuardValues {
  groupId: number | null;
  callerId: number;
  /** The group's currency settings as checked (conversion.ts groupCurrencyKey). */
  currency: string;
  /** People who must be current members of the group (group writes). */
  members: readonly number[];
  /** People who must be the caller's accepted friends (writes outside groups). */
  friends: readonly number[];
  key: KeyToStore | null;
  now: Date;
}

/** The guard's parameters, in the order guardCtes numbers them from `first`. */
export function guardParams(v: GuardValues): unknown[] {
  const k = v.key;
  return [
    v.groupId,
    v.callerId,
    v.currency,
    [...new Set(v.members)].sort((a, b) => a - b),
    [...new Set(v.friends)].filter((id) => id !== v.callerId).sort((a, b) => a - b),
    k?.ref.userId ?? null,
    k?.ref.endpoint ?? null,
    k?.ref.key ?? null,
    k === null ? null : `${k.ref.userId}\n${k.ref.endpoint}\n${k.ref.key}`,
    k?.requestHash ?? null,
    k?.status ?? null,
    k === null ? null : JSON.stringify(k.body),
    v.now.toISOString(),
    k?.expiresAt.toISOString() ?? null,
  ];
}

/** Number of parameters guardParams gives. */
export const GUARD_PARAM_COUNT = 14;

/** SQL: the guard's CTEs (k, g, m, f, ok, kins, go), its parameters numbered from `first`. */
export function guardCtes(first: number): string {
  const p = (i: number) => `$${first + i}`;
  const [group, caller, currency, members, friends] = [p(0), p(1), p(2), p(3), p(4)];
  const [keyUser, keyEndpoint, keyText, keyLock, keyHash, keyStatus, keyBody, now, expires] = [
    p(5),
    p(6),
    p(7),
    p(8),
    p(9),
    p(10),
    p(11),
    p(12),
    p(13),
  ];
  return `k as materialized (
     select case when ${keyUser}::int is null then true
                 else pg_try_advisory_xact_lock(hashtextextended(${keyLock}::text, ${KEY_LOCK_SEED}))
            end as free),
   g as materialized (
     select id, default_currency || ':' || currency_mode as currency_key from groups
      where id = ${group}::int for key share),
   m as materialized (
     select user_id from group_members
      where group_id = (select id from g) and user_id = any(${members}::int[]) and left_at is null
      order by user_id for share),
   f as materialized (
     select 1 from friendships fr
      where fr.status = 'ACCEPTED'
        and (fr.user_low, fr.user_high) in
            (select least(${caller}::int, x), greatest(${caller}::int, x)
               from unnest(${friends}::int[]) as x)
      order by fr.user_low, fr.user_high for share),
   ok as materialized (
     select (select free from k)
        and case when ${group}::int is null
                 then (select count(*) from f) = cardinality(${friends}::int[])
                 else (select count(*) from g) = 1
                      and (select currency_key from g) = ${currency}::text
                      and (select count(*) from m) = cardinality(${members}::int[])
                      and (select count(*) from f) = cardinality(${friends}::int[])
            end as ok),
   kins as (
     insert into idempotency_keys (user_id, endpoint, key, request_hash, response_status,
                                   response_body, created_at, expires_at)
     select ${keyUser}::int, ${keyEndpoint}::text, ${keyText}::text, ${keyHash}::text,
            ${keyStatus}::int, ${keyBody}::jsonb, ${now}::timestamptz, ${expires}::timestamptz
      where ${keyUser}::int is not null and (select ok from ok)
     on conflict (user_id, endpoint, key) do update
       set request_hash = excluded.request_hash, response_status = excluded.response_status,
           response_body = excluded.response_body, created_at = excluded.created_at,
           expires_at = excluded.expires_at
     where idempotency_keys.expires_at <= excluded.created_at
     returning 1),
   go as materialized (
     select (select ok from ok) and (${keyUser}::int is null or exists (select 1 from kins))
       as go)`;
}

/** SQL: the guard's verdict columns for the write statement's result. */
export const GUARD_RESULT = `(select go from go) as go, (select ok from ok) as ok,
  (select free from k) as key_free`;

export interface GuardResult {
  go: boolean;
  ok: boolean;
  key_free: boolean;
}

/** What happened to a guarded write. */
export type GuardVerdict = 'written' | 'key-busy' | 'key-taken' | 'facts-changed';

export function verdictOf(r: GuardResult | undefined): GuardVerdict {
  if (r === undefined) throw new Error('guarded write returned nothing');
  if (r.go) return 'written';
  if (!r.key_free) return 'key-busy';
  if (r.ok) return 'key-taken';
  return 'facts-changed';
}
