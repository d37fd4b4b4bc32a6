// Creating expenses (docs/api.md §4.4 POST /expenses), for the API, the series materializer and
// imports. Most creations take two statements and no transaction: the context (with the key's
// stored answer and the new ids), then one guarded write (ledger-guard.ts) that checks again
// under its locks. When the facts changed in between, or the connection was lost around the
// write of a keyed request, the creation runs again as a locking transaction.
import { asRecord } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { certainlyRolledBack } from '../../db/transaction.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { KeyRef } from '../idempotency/index.js';
import type { RateLookup } from '../ledger/index.js';
import { requestRates } from '../ledger/index.js';
import { writeOutsideTransaction, writeUnderLocks } from '../ledger/index.js';
import { prepareLedgerWrite } from '../ledger/index.js';
import type { PreparedWrite } from '../ledger/index.js';
import { lockLedgerScope } from '../ledger/index.js';
import { inLedgerCurrency } from './expense-currency.js';
import { FileOnce } from './expense-files.js';
import { planExpense } from './expense-plan.js';
import type { ExpenseDraft } from './expense-rules.js';
import { checkExpense, draftExpense } from './expense-rules.js';
import type { ExpenseRequest, LinkOccurrence, OccurrenceLink } from './expense-write-types.js';
import { todayOr } from './expense-write-types.js';
import type { ExpenseView, Person } from './expense.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'fx' | 'receipts'>;

/**
 * Runs a creation that may store the request's receipt file, and removes the file again when it
 * went unused: the key's earlier request won, or the creation certainly rolled back.
 */
async function withReceiptFile(
  files: FileOnce,
  create: () => Promise<WriteOutcome<ExpenseView>>,
): Promise<WriteOutcome<ExpenseView>> {
  try {
    const outcome = await create();
    // The key's earlier request won: this one's file is unused.
    if (outcome.kind === 'replayed') await files.discard();
    return outcome;
  } catch (e) {
    if (certainlyRolledBack(e)) await files.discard();
    throw e;
  }
}

/** The context a creation checks, the key's stored answer (`key` given) and the drawn ids. */
function prepareExpense(
  db: Db,
  callerId: number,
  draft: ExpenseDraft,
  key: KeyRef | null,
): Promise<PreparedWrite> {
  return prepareLedgerWrite(db, {
    callerId,
    groupId: draft.groupId,
    personIds: draft.personIds,
    key,
    draw: { kind: 'expense', splits: draft.fields.ok ? draft.fields.value.splits.length : 0 },
  });
}

/**
 * Whether a POST /expenses body repeats (has a `recurrence`): then it is the series module's to
 * create (a series and its occurrence 0), not {@link createExpense}'s.
 */
export function repeats(request: ExpenseRequest): boolean {
  const recurrence = asRecord(request.data).recurrence;
  return recurrence !== undefined && recurrence !== null;
}

/** POST /expenses without a recurrence: in two statements when it can, else a locking transaction. */
export async function createExpense(
  deps: ServiceDeps,
  services: Collaborators,
  caller: Person,
  request: ExpenseRequest,
  idempotency: IdempotencyScope<ExpenseView> | null,
): Promise<WriteOutcome<ExpenseView>> {
  const draft = draftExpense(request.data, null);
  const files = new FileOnce(services, request.file);
  const lookup = requestRates(services.fx);
  return withReceiptFile(files, async () => {
    const fast = await createInOneWrite(deps, caller, draft, files, idempotency, lookup);
    return fast ?? (await createLocked(deps, caller, draft, files, idempotency, lookup));
  });
}

/** The two-statement creation; null when it must run as a locking transaction instead. */
async function createInOneWrite(
  deps: ServiceDeps,
  caller: Person,
  draft: ExpenseDraft,
  files: FileOnce,
  idempotency: IdempotencyScope<ExpenseView> | null,
  lookup: RateLookup,
): Promise<WriteOutcome<ExpenseView> | null> {
  const prepared = await prepareExpense(deps.db, caller.id, draft, idempotency?.ref ?? null);
  if (prepared.stored !== null && idempotency !== null) {
    return { kind: 'replayed', stored: idempotency.replay(prepared.stored) };
  }
  const checked = checkExpense(caller.id, draft, prepared.context, null, () => files.check());
  const v = await inLedgerCurrency(checked, draft.data, todayOr(checked), null, lookup);
  const file = await files.store();
  return writeOutsideTransaction(
    deps,
    idempotency,
    planExpense(caller, v, file, prepared, idempotency),
  );
}

/** The creation as a transaction that takes its locks before it checks. */
function createLocked(
  deps: ServiceDeps,
  caller: Person,
  draft: ExpenseDraft,
  files: FileOnce,
  idempotency: IdempotencyScope<ExpenseView> | null,
  lookup: RateLookup,
  link: LinkOccurrence | null = null,
): Promise<WriteOutcome<ExpenseView>> {
  return deps.transaction(async (tx): Promise<WriteOutcome<ExpenseView>> => {
    const stored = idempotency === null ? null : await idempotency.claim(tx);
    if (stored !== null) return { kind: 'replayed', stored };
    return createInTransaction(tx, caller, draft, files, idempotency, lookup, link);
  });
}

/**
 * POST /expenses with a `recurrence`: the series and its occurrence 0 (this expense) in one
 * locking transaction. `link` validates the recurrence against the expense and writes the
 * series row once the expense has passed its rules.
 */
export function createRecurringExpense(
  deps: ServiceDeps,
  services: Collaborators,
  caller: Person,
  request: ExpenseRequest,
  idempotency: IdempotencyScope<ExpenseView> | null,
  link: LinkOccurrence,
): Promise<WriteOutcome<ExpenseView>> {
  const draft = draftExpense(request.data, null);
  const files = new FileOnce(services, request.file);
  const lookup = requestRates(services.fx);
  return withReceiptFile(files, () =>
    createLocked(deps, caller, draft, files, idempotency, lookup, link),
  );
}

/**
 * An expense created inside the caller's transaction `tx` through the same checks and write as
 * POST /expenses (ledger effects, activity rows, change feed), with no receipt file and no key:
 * an occurrence of a series (`link` names its slot) or an imported expense (`link` null).
 */
export async function createExpenseIn(
  tx: Db,
  services: Collaborators,
  creator: Person,
  data: unknown,
  link: OccurrenceLink | null,
): Promise<ExpenseView> {
  const draft = draftExpense(data, null);
  const files = new FileOnce(services, null);
  const lookup = requestRates(services.fx);
  const outcome = await createInTransaction(
    tx,
    creator,
    draft,
    files,
    null,
    lookup,
    link === null ? null : () => Promise.resolve(link),
  );
  if (outcome.kind !== 'done') {
    throw new Error(link === null ? 'expense creation replayed' : 'occurrence creation replayed');
  }
  return outcome.value;
}

/** The locked creation's body, in the caller's transaction. */
async function createInTransaction(
  tx: Db,
  caller: Person,
  draft: ExpenseDraft,
  files: FileOnce,
  idempotency: IdempotencyScope<ExpenseView> | null,
  lookup: RateLookup,
  link: LinkOccurrence | null,
): Promise<WriteOutcome<ExpenseView>> {
  await lockLedgerScope(tx, draft.groupId, caller.id, draft.personIds);
  const prepared = await prepareExpense(tx, caller.id, draft, null);
  const checked = checkExpense(caller.id, draft, prepared.context, null, () => files.check());
  const v = await inLedgerCurrency(checked, draft.data, todayOr(checked), null, lookup);
  const occurrence = link === null ? null : await link(tx, v, todayOr(checked));
  // Stored once, even when the transaction runs again after a deadlock.
  const file = await files.store();
  return writeUnderLocks(tx, planExpense(caller, v, file, prepared, idempotency, occurrence));
}
