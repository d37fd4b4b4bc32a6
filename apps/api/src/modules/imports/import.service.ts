// Group imports (issue #14; the other apps' formats, issue #33 point 4): a preview of the file
// with a proposed mapping of its person columns, then the import itself: a new group, its members and guests, and every row as
// an expense or payment written through the expense and payment services (rules, ledger effects,
// activity, change feed), all in one transaction.
import { GUEST_NAME_MAX_LENGTH } from '@evenly/core';
import type { Cents } from '@evenly/core';
import type { Db } from '../../db/database.js';
import { errorCode } from '../../db/errors.js';
import { ConflictError, NotFriendsError, ValidationError } from '../../errors/app-errors.js';
import type { ErrorDetail } from '../../errors/app-errors.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { findUserById } from '../auth/index.js';
import { acceptedOf } from '../friendships/index.js';
import type { GroupView } from '../groups/index.js';
import { insertGuest } from '../guests/index.js';
import type { IdempotencyScope, WriteOutcome } from '../idempotency/index.js';
import type { Person } from '../people/index.js';
import {
  dropEntryActivitiesOfOthers,
  findImportOfFile,
  analyzeLedgerTables,
  insertImport,
} from './imports.repository.js';
import type { SplitwiseFile } from './splitwise-csv.js';
import type { ImportFormat } from './import-formats.js';
import { ImportFileError, readImportFile } from './import-formats.js';
import { expenseRequests, paymentRequests } from './import-entries.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'expenses' | 'groups' | 'payments'>;

export const IMPORT_TEXT = {
  alreadyImported: (name: string | null) =>
    name === null
      ? 'You have already imported this file.'
      : `You have already imported this file: it is the group "${name}".`,
  mappingCount: (n: number) => `The mapping must have one entry per person column (${String(n)}).`,
  twoMe: 'Only one column can be you.',
  friendTwice: 'A friend can be matched to only one column.',
  notFriend: 'You can only match columns to your friends.',
  guestName: `Each new guest needs a name of at most ${String(GUEST_NAME_MAX_LENGTH)} characters.`,
  groupName: 'Please enter a group name of at most 100 characters.',
  noFile:
    'Please choose a group export from Splitwise, Spliit, Tricount, IHateMoney, Cospend or Evenly to upload.',
} as const;

export type ColumnMapping =
  { kind: 'me' } | { kind: 'friend'; userId: number } | { kind: 'guest'; name: string };

export interface ColumnPreview {
  name: string;
  /** Per currency: the column's total over the rows (+ = is owed), in minor units. */
  totals: { currency: string; totalCents: Cents }[];
  proposed: ColumnMapping;
}

export interface ImportPreview {
  /** The format read (named by the caller or recognised from the content). */
  format: ImportFormat;
  expenseCount: number;
  paymentCount: number;
  firstDate: string;
  lastDate: string;
  currencies: string[];
  columns: ColumnPreview[];
  friends: Person[];
  /** Set when this file was imported before (the import would be refused). */
  alreadyImported: { groupId: number; groupName: string } | null;
}

export interface ImportResult {
  group: GroupView;
  expenseCount: number;
  paymentCount: number;
}

/** The file read, or a 400 listing its problems by line. */
function readFile(
  bytes: Uint8Array | null,
  format: ImportFormat | 'auto',
): { format: ImportFormat; file: SplitwiseFile } {
  if (bytes === null || bytes.length === 0) throw new ValidationError(IMPORT_TEXT.noFile);
  try {
    return readImportFile(bytes, format);
  } catch (e) {
    if (e instanceof ImportFileError) {
      const details: ErrorDetail[] = e.problems.map((p) => ({
        field: `line ${String(p.line)}`,
        message: p.message,
      }));
      throw new ValidationError(e.message, details);
    }
    throw e;
  }
}

const nameKey = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** The friend a column name most likely is: the same name, or the same first name if unique. */
function proposeFor(column: string, me: Person, friends: readonly Person[]): ColumnMapping {
  const key = nameKey(column);
  if (nameKey(me.name) === key) return { kind: 'me' };
  const same = friends.filter((f) => nameKey(f.name) === key);
  if (same.length === 1 && same[0] !== undefined) return { kind: 'friend', userId: same[0].id };
  const first = key.split(/\s+/)[0] ?? key;
  const byFirst = friends.filter((f) => (nameKey(f.name).split(/\s+/)[0] ?? '') === first);
  if (byFirst.length === 1 && byFirst[0] !== undefined && !key.includes(' ')) {
    return { kind: 'friend', userId: byFirst[0].id };
  }
  return { kind: 'guest', name: column.trim().slice(0, GUEST_NAME_MAX_LENGTH) };
}

/**
 * An import of at least this many entries refreshes the ledger tables' statistics when it has
 * committed: the planner should not meet years of history it has never counted (issue #36).
 * Smaller imports leave it to autovacuum; the hot reads do not depend on statistics anyway.
 */
export const ANALYZE_AFTER_ENTRIES = 500;

export class ImportService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private async me(db: Db, userId: number): Promise<Person> {
    const row = await findUserById(db, userId);
    if (row === undefined) throw new Error('caller vanished');
    return { id: row.id, name: row.name, email: row.email };
  }

  private async friendsOf(db: Db, userId: number): Promise<Person[]> {
    const rows = await acceptedOf(db, userId);
    return rows.map((r) => r.other).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  private async previous(db: Db, userId: number, hash: string) {
    const row = await findImportOfFile(db, userId, hash);
    if (row === undefined) return null;
    const group = await this.services.groups.get(userId, row.groupId, db).catch(() => null);
    return { groupId: row.groupId, groupName: group?.name ?? '' };
  }

  /** POST /imports/preview (and /imports/splitwise/preview, format "splitwise"). */
  async preview(
    userId: number,
    bytes: Uint8Array | null,
    format: ImportFormat | 'auto' = 'auto',
  ): Promise<ImportPreview> {
    const { format: read, file } = readFile(bytes, format);
    const db = this.deps.db;
    const me = await this.me(db, userId);
    const friends = await this.friendsOf(db, userId);
    const currencies = [...file.totals.keys()].sort();
    const taken = new Set<string>();
    const columns = file.people.map((name, i): ColumnPreview => {
      let proposed = proposeFor(name, me, friends);
      // Each person once: a second column proposed as the same person becomes a guest.
      const key =
        proposed.kind === 'me' ? 'me' : proposed.kind === 'friend' ? `f${proposed.userId}` : null;
      if (key !== null && taken.has(key)) proposed = { kind: 'guest', name };
      if (key !== null) taken.add(key);
      return {
        name,
        totals: currencies.map((currency) => ({
          currency,
          totalCents: file.totals.get(currency)?.[i] ?? (0 as Cents),
        })),
        proposed,
      };
    });
    const dates = file.rows.map((r) => r.date).sort();
    return {
      format: read,
      expenseCount: file.rows.filter((r) => !r.isPayment).length,
      paymentCount: file.rows.filter((r) => r.isPayment).length,
      firstDate: dates[0] ?? '',
      lastDate: dates[dates.length - 1] ?? '',
      currencies,
      columns,
      friends,
      alreadyImported: await this.previous(db, userId, file.hash),
    };
  }

  /** POST /imports (and /imports/splitwise): the group, its people and entries in one transaction. */
  async run(
    userId: number,
    bytes: Uint8Array | null,
    mapping: readonly ColumnMapping[],
    groupName: string,
    key: IdempotencyScope<ImportResult> | null,
    format: ImportFormat | 'auto' = 'auto',
  ): Promise<WriteOutcome<ImportResult>> {
    const { file } = readFile(bytes, format);
    const name = groupName.trim();
    if (name === '' || name.length > 100) throw new ValidationError(IMPORT_TEXT.groupName);
    if (mapping.length !== file.people.length) {
      throw new ValidationError(IMPORT_TEXT.mappingCount(file.people.length));
    }
    if (mapping.filter((m) => m.kind === 'me').length > 1) {
      throw new ValidationError(IMPORT_TEXT.twoMe);
    }
    const friendIds = mapping.flatMap((m) => (m.kind === 'friend' ? [m.userId] : []));
    if (new Set(friendIds).size !== friendIds.length) {
      throw new ValidationError(IMPORT_TEXT.friendTwice);
    }
    for (const m of mapping) {
      if (m.kind === 'guest') {
        const n = m.name.trim();
        if (n === '' || n.length > GUEST_NAME_MAX_LENGTH) {
          throw new ValidationError(IMPORT_TEXT.guestName);
        }
      }
    }
    const currencies = [...file.totals.keys()];
    const counts = new Map<string, number>();
    for (const r of file.rows) counts.set(r.currency, (counts.get(r.currency) ?? 0) + 1);
    const mainCurrency =
      [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? 'USD';

    const outcome = await this.deps.transaction(async (tx): Promise<WriteOutcome<ImportResult>> => {
      const stored = key === null ? null : await key.claim(tx);
      if (stored !== null) return { kind: 'replayed', stored };
      const before = await this.previous(tx, userId, file.hash);
      if (before !== null) {
        throw new ConflictError(
          'ALREADY_IMPORTED',
          IMPORT_TEXT.alreadyImported(before.groupName === '' ? null : before.groupName),
        );
      }
      const me = await this.me(tx, userId);
      const friends = new Map((await this.friendsOf(tx, userId)).map((f) => [f.id, f]));
      for (const id of friendIds) {
        if (!friends.has(id)) throw new NotFriendsError(IMPORT_TEXT.notFriend);
      }
      const at = new Date();
      const row = await this.services.groups.createIn(
        tx,
        userId,
        {
          name,
          simplifyDebts: false,
          defaultCurrency: mainCurrency,
          // Several currencies stay apart, as Splitwise keeps them (no conversion).
          currencyMode: currencies.length > 1 ? 'SEPARATE' : 'CONVERT',
        },
        at,
      );
      // Person column → user id.
      const ids: number[] = [];
      const added: Person[] = [];
      for (const m of mapping) {
        if (m.kind === 'me') {
          ids.push(userId);
        } else if (m.kind === 'friend') {
          const f = friends.get(m.userId);
          if (f === undefined) throw new NotFriendsError(IMPORT_TEXT.notFriend);
          ids.push(f.id);
          added.push(f);
        } else {
          const guest = await insertGuest(tx, {
            name: m.name.trim(),
            guestEmail: null,
            groupId: row.id,
            addedById: userId,
          });
          ids.push(guest.id);
          added.push({ id: guest.id, name: guest.name, email: null });
        }
      }
      if (added.length > 0) await this.services.groups.addPeople(tx, row, userId, added, at);
      const fallback = Math.max(
        0,
        mapping.findIndex((m) => m.kind === 'me'),
      );
      const idOf = (index: number) => {
        const id = ids[index];
        if (id === undefined) throw new Error('column without a person');
        return id;
      };
      let expenseCount = 0;
      let paymentCount = 0;
      const entries = { groupId: row.id, idOf };
      for (const r of file.rows) {
        if (r.isPayment) {
          for (const body of paymentRequests(r, entries)) {
            await this.services.payments.createIn(tx, userId, body);
            paymentCount += 1;
          }
          continue;
        }
        for (const body of expenseRequests(r, r.payerIndex ?? fallback, entries)) {
          await this.services.expenses.createIn(tx, me, body);
          expenseCount += 1;
        }
      }
      // The others hear of the import once ("Ann added you to …"), not once per imported entry:
      // their rows of the entries (which would notify them, by push and e-mail) are dropped;
      // the importer's own rows stay in their feed.
      await dropEntryActivitiesOfOthers(tx, row.id, userId);
      // The same file sent twice at once (two keys): both pass the check above, the second
      // waits on the unique index for the first and is then refused like any second import.
      await insertImport(tx, {
        userId,
        fileHash: file.hash,
        groupId: row.id,
        expenseCount,
        paymentCount,
        createdAt: at,
      }).catch((error: unknown) => {
        if (errorCode(error) === '23505') {
          throw new ConflictError('ALREADY_IMPORTED', IMPORT_TEXT.alreadyImported(null));
        }
        throw error;
      });
      const group = await this.services.groups.get(userId, row.id, tx);
      const result: ImportResult = { group, expenseCount, paymentCount };
      await key?.complete(tx, result);
      return { kind: 'done', value: result };
    });
    if (outcome.kind === 'done') {
      const { expenseCount, paymentCount } = outcome.value;
      if (expenseCount + paymentCount >= ANALYZE_AFTER_ENTRIES) {
        await analyzeLedgerTables(this.deps.db);
      }
    }
    return outcome;
  }
}
