// Expense search (issue #14 point 2): within one group (its current members) or across
// everything the caller can see (§5.6: the groups they are a current member of, and the
// non-group expenses they paid or share). Deleted expenses are never found.
import type { ServiceDeps } from '../../composition/service-deps.js';
import { ForbiddenError, NotFoundError } from '../../errors/app-errors.js';
import { encodeCursor } from '../../http/cursor.js';
import { isDbId } from '../expenses/index.js';
import { loadExpenseViews } from '../expenses/index.js';
import type { ExpenseView } from '../expenses/index.js';
import type { Page } from '../../http/cursor.js';
import { findGroup, GROUP_NOT_FOUND, isCurrentMember, NOT_A_MEMBER } from '../groups/index.js';
import { currentGroupIds, normaliseWords, searchPage, wordPatterns } from './search.repository.js';
import type { SearchScope } from './search.repository.js';
import type { SearchRequest } from './search-query.js';

export class SearchService {
  constructor(private readonly deps: ServiceDeps) {}

  /** `groupId` null: everything the caller can see. 404 / 403 for a group they cannot see. */
  async search(
    callerId: number,
    groupId: number | null,
    req: SearchRequest,
  ): Promise<Page<ExpenseView>> {
    const db = this.deps.db;
    let scope: SearchScope;
    if (groupId !== null) {
      if (!isDbId(groupId) || (await findGroup(db, groupId)) === undefined) {
        throw new NotFoundError(GROUP_NOT_FOUND);
      }
      if (!(await isCurrentMember(db, groupId, callerId))) throw new ForbiddenError(NOT_A_MEMBER);
      scope = { kind: 'group', groupId };
    } else {
      scope = { kind: 'all', groupIds: await currentGroupIds(db, callerId) };
    }
    // A person id beyond the id column names nobody: nothing matches.
    if (req.personId !== null && !isDbId(req.personId)) return { items: [], nextCursor: null };
    const words =
      req.q === '' ? [] : await wordPatterns(db, callerId, scope, await normaliseWords(db, req.q));
    // A word that matches no known word (nor is short enough to look for as is): nothing found.
    if (words.some((w) => w.patterns.length === 0)) return { items: [], nextCursor: null };
    const hits = await searchPage(
      db,
      callerId,
      scope,
      {
        words,
        minScaled: req.minScaled,
        maxScaled: req.maxScaled,
        category: req.category,
        personId: req.personId,
        from: req.from,
        to: req.to,
      },
      req.limit + 1,
      req.cursor,
    );
    const page = hits.slice(0, req.limit);
    const last = page[page.length - 1];
    const nextCursor =
      hits.length > req.limit && last !== undefined
        ? encodeCursor(
            last.score === null
              ? [last.date, last.createdAt, last.id]
              : [last.score, last.date, last.createdAt, last.id],
          )
        : null;
    const views = await loadExpenseViews(
      db,
      page.map((h) => h.id),
    );
    // loadExpenseViews answers in its own order: put them back in result order.
    const byId = new Map(views.map((v) => [v.id, v]));
    const items = page.flatMap((h) => {
      const v = byId.get(h.id);
      return v === undefined ? [] : [v];
    });
    return { items, nextCursor };
  }
}
