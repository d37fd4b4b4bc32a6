// Routes of the expenses module (docs/api.md §4.4) and the group transaction list (§4.3).
// Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathIdSchema } from '@evenly/core';
import { z } from 'zod';
import { errorExample, errorResponses } from '../../http/error-body.js';
import { EXPENSE_NOT_FOUND, NO_EXPENSE_ACCESS } from './expense-access.js';
import type { AppServices } from '../../composition/app-services.js';
import { idempotencyScope, sendOutcome } from '../idempotency/index.js';
import { readExpectedUpdatedAt } from '../ledger/index.js';
import { readExpenseBody } from './expense-request.js';
import { repeats } from './expense-create.js';
import {
  expenseOut,
  expenseSchema,
  pageQuerySchema,
  paymentOut,
  paymentSchema,
  readBefore,
  readLimit,
} from './expense.mapper.js';
import { setNextPage } from '../../http/cursor.js';
import type { ReceiptLinker } from './expense.mapper.js';
import type { ExpenseView } from './expense.repository.js';
import { receiptLinker } from './receipt-linker.js';

/** A replayed expense gets a freshly signed receipt link (the stored one may have expired). */
function refreshReceiptUrl(stored: unknown, link: ReceiptLinker): unknown {
  if (typeof stored !== 'object' || stored === null) return stored;
  const body = stored as { receiptUrl?: unknown };
  if (typeof body.receiptUrl !== 'string') return stored;
  const key = decodeURIComponent(new URL(body.receiptUrl).pathname.split('/').pop() ?? '');
  return { ...body, receiptUrl: link(key) };
}

const ann = { id: 1, name: 'Ann', email: 'ann@example.com' };
const bea = { id: 5, name: 'Bea', email: 'bea@example.com' };

/** What POST /api/expenses/{id}/restore answers (the expense as it was before the delete). */
const RESTORED_EXPENSE_EXAMPLE = {
  type: 'expense',
  id: 42,
  description: 'Dinner',
  amount: 90,
  currency: 'USD',
  date: '2025-03-14',
  createdAt: '2025-03-14T18:04:05.123Z',
  updatedAt: '2025-03-14T18:04:05.123Z',
  groupId: 7,
  splitType: 'SHARE',
  payers: [{ user: ann, amountPaid: 90 }],
  splits: [
    { splitId: 101, owedBy: ann, amountOwed: 60, value: 2 },
    { splitId: 102, owedBy: bea, amountOwed: 30, value: 1 },
  ],
  notes: null,
  receiptUrl: null,
  commentCount: 1,
  createdBy: ann,
  conversion: null,
  series: null,
  occurrenceDate: null,
  items: [],
};

/** Routes that need a bearer token (registered in the protected scope). */
export async function expensesRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Expenses'];
  const idParams = z.object({ id: pathIdSchema('Expense') });

  r.post(
    '/api/expenses',
    {
      config: { rawBody: true },
      schema: {
        tags,
        summary:
          'Create an expense (multipart/form-data with expenseData and optional receiptFile, or JSON)',
        description:
          'With a `recurrence` (see the Recurrence schema) the expense repeats: it is occurrence 0 of a new series, on its `date` (today in the series\' time zone when absent), and the server creates each later occurrence on its date. expenseData may name any `currency`. In a group whose currencyMode is CONVERT, an expense in another currency than the group\'s is converted into it: at `exchangeRate` (group-currency units per one unit of `currency`, e.g. "0.00625"), or from `convertedAmount` (the amount the bank charged, in the group currency; the rate is derived), or else at the rate service\'s rate for the expense date (400 on `exchangeRate` asking for a rate when it cannot be reached). The response then carries `conversion`. On PUT the stored rate is kept unless one of these is given or the currency changes. `category` (optional): one of the Category ids (GET /api/categories), e.g. `groceries`; General when absent on POST, kept as it was when absent on PUT; an unknown id is 400 VALIDATION_FAILED naming the field `category`.\n\nSplit by item (optional `items`): the receipt\'s lines and who had each, saved with the expense and returned in `items`. Each item is { "description" (1–255 characters), "amount" (the line total in the expense currency, negative for a discount), "userIds" (who had it, at least one, each in `splits`) }, at most 200. The split must then be EXACT and be what the items give (@evenly/core splitByItems): each item shared equally by its people, the rest of `amount` (tax, service, rounding) spread in proportion to each person\'s items; otherwise 400 VALIDATION_FAILED naming `items`. Example expenseData: { "description": "Dinner", "amount": "66.00", "splitType": "EXACT", "payers": [{ "userId": 1, "amountPaid": "66.00" }], "splits": [{ "userId": 1, "value": "22.00" }, { "userId": 5, "value": "44.00" }], "items": [{ "description": "Soup", "amount": "10.00", "userIds": [1] }, { "description": "Steak", "amount": "30.00", "userIds": [5] }, { "description": "Wine", "amount": "20.00", "userIds": [1, 5] }] }. On PUT, `items` replaces the stored ones (`[]` removes them); without `items` they are kept while the edited split is still what they give, and removed otherwise.',
        response: { 201: expenseSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = await readExpenseBody(request);
      const link = receiptLinker(services, request);
      const respond = (v: ExpenseView) => expenseOut(v, link);
      const key = idempotencyScope(
        request,
        'POST /api/expenses',
        () => body.hashParts,
        201,
        respond,
      );
      // A repeating expense is a series and its occurrence 0 (modules/series).
      const outcome = repeats(body)
        ? await services.series.createWithFirst(request.user, body, key)
        : await services.expenses.create(request.user, body, key);
      return sendOutcome(reply, outcome, 201, respond, (stored) => refreshReceiptUrl(stored, link));
    },
  );

  r.get(
    '/api/expenses/my',
    {
      schema: {
        tags,
        summary: 'Expenses where the caller is a payer or in the split, newest first',
        querystring: pageQuerySchema,
        response: { 200: z.array(expenseSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const limit = readLimit(request.query.limit);
      const page = await services.expenses.listMine(
        request.user.id,
        limit,
        readBefore(request.query.before),
      );
      setNextPage(reply, '/api/expenses/my', limit, page.nextCursor);
      const link = receiptLinker(services, request);
      return page.items.map((v) => expenseOut(v, link));
    },
  );

  r.get(
    '/api/expenses/:id',
    {
      schema: {
        tags,
        summary: 'One expense',
        params: idParams,
        response: { 200: expenseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      expenseOut(
        await services.expenses.get(request.user.id, request.params.id),
        receiptLinker(services, request),
      ),
  );

  r.put(
    '/api/expenses/:id',
    {
      config: { rawBody: true },
      schema: {
        tags,
        summary: 'Replace an expense wholly (same body forms as POST)',
        description:
          'A body without `category` keeps the expense’s category (clients that predate categories lose nothing). On an occurrence of a recurring series, `scope=this` (the default) edits this occurrence only (it stays in its series); `scope=future` also edits every later occurrence already created (each keeps its date) and the template of those still to come, and a `recurrence` in the body then changes the schedule (a new frequency restarts the series from this occurrence).\n\nOffline edits (and anyone who must not overwrite another person’s change): `expectedUpdatedAt` in expenseData names the `updatedAt` the edit started from; when the expense has changed since, the answer is `409 EDIT_CONFLICT` and nothing is written. Example expenseData: { "description": "Dinner", "amount": 90, "splitType": "EQUAL", "payers": [{ "userId": 1, "amountPaid": 90 }], "splits": [{ "userId": 1 }, { "userId": 5 }], "expectedUpdatedAt": "2025-03-14T18:04:05.123Z" }. Honours `Idempotency-Key` (§1.10): the same edit sent again after its answer was lost replays the stored answer.',
        params: idParams,
        querystring: z.object({
          scope: z
            .enum(['this', 'future'], { message: 'scope must be this or future.' })
            .optional(),
        }),
        response: { 200: expenseSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = await readExpenseBody(request);
      const link = receiptLinker(services, request);
      const respond = (v: ExpenseView) => expenseOut(v, link);
      const { id } = request.params;
      const scope = request.query.scope ?? 'this';
      const guard = {
        expectedUpdatedAt: readExpectedUpdatedAt(body.data),
        idempotency: idempotencyScope(
          request,
          `PUT /api/expenses/${String(id)}`,
          () => [scope, ...body.hashParts],
          200,
          respond,
        ),
      };
      const outcome =
        scope === 'future'
          ? await services.series.updateFuture(request.user.id, id, body, guard)
          : await services.expenses.update(request.user.id, id, body, guard);
      return sendOutcome(reply, outcome, 200, respond, (stored) => refreshReceiptUrl(stored, link));
    },
  );

  r.delete(
    '/api/expenses/:id',
    {
      schema: {
        tags,
        summary: 'Delete an expense with its comments and receipt',
        description:
          'From then on the expense is gone for every reader (404, left out of lists and balances) but kept, with its comments and receipt file, so that POST /api/expenses/{id}/restore can put it back; it is purged 30 days after the delete.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await services.expenses.remove(request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/expenses/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore a deleted expense (undo)',
        description:
          'Puts a deleted expense back exactly as it was (same id, payers, splits, comments, receipt, series slot) with its effect on the balances, records an `expense_restored` activity and a `created` change event. Deleted expenses stay restorable until they are purged (30 days after the delete). Allowed to whoever may delete it: current members of its group, or the people on a non-group expense. Idempotent: restoring an expense that is not deleted answers it as it is. 404 for an unknown id or one the caller was never shown; 403 for a former member of its group; 409 NOT_RESTORABLE when it can no longer be written: someone on it left the group, the group now converts into another currency, or (outside groups) a friendship it was made under ended. No body.',
        params: idParams,
        response: {
          200: expenseSchema.meta({ example: RESTORED_EXPENSE_EXAMPLE }),
          ...errorResponses(400),
          403: errorExample(403, 'FORBIDDEN', NO_EXPENSE_ACCESS),
          404: errorExample(404, 'NOT_FOUND', EXPENSE_NOT_FOUND),
          409: errorExample(
            409,
            'NOT_RESTORABLE',
            'This expense cannot be restored: Bea is no longer a member of this group.',
          ),
        },
      },
    },
    async (request) =>
      expenseOut(
        await services.expenses.restore(request.user.id, request.params.id),
        receiptLinker(services, request),
      ),
  );

  r.get(
    '/api/groups/:id/transactions',
    {
      schema: {
        tags: ['Groups'],
        summary: 'Expenses and payments of a group, newest first',
        params: z.object({ id: pathIdSchema('Group') }),
        querystring: pageQuerySchema,
        response: {
          200: z.array(z.union([expenseSchema, paymentSchema])),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const groupId = request.params.id;
      const limit = readLimit(request.query.limit);
      const before = readBefore(request.query.before);
      const page = await services.expenses.groupTransactions(
        request.user.id,
        groupId,
        limit,
        before,
      );
      setNextPage(reply, `/api/groups/${groupId}/transactions`, limit, page.nextCursor);
      const link = receiptLinker(services, request);
      return page.items.map((t) =>
        t.type === 'expense' ? expenseOut(t.expense, link) : paymentOut(t.payment),
      );
    },
  );
}
