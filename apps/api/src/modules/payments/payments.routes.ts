// Routes of the payments module (docs/api.md §4.5). Thin: validate, call the service, map the result.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathIdSchema } from '@evenly/core';
import { z } from 'zod';
import { errorExample, errorResponses } from '../../http/error-body.js';
import { PAYMENT_API_MESSAGES } from './payment-rules.js';
import type { AppServices } from '../../composition/app-services.js';
import {
  pageQuerySchema,
  paymentOut,
  paymentSchema,
  readBefore,
  readLimit,
} from '../expenses/index.js';
import { setNextPage } from '../../http/cursor.js';
import { canonicalJson, idempotencyScope, sendOutcome } from '../idempotency/index.js';
import { readExpectedUpdatedAt } from '../ledger/index.js';
import type { PaymentView } from './payment.repository.js';

// Bodies are validated by the service with core's validators (field order and messages).
const anyBody = z.unknown();

/** Routes that need a bearer token (registered in the protected scope). */
export async function paymentsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Payments'];
  const idParams = z.object({ id: pathIdSchema('Payment') });

  r.post(
    '/api/payments',
    {
      schema: {
        tags,
        summary: 'Record a payment',
        body: anyBody.describe(
          '{ paidToUserId, paidByUserId?, amount, date?, currency?, groupId?, exchangeRate?, convertedAmount? }. In a CONVERT group a payment in another currency than the group\'s is converted: at `exchangeRate` (group-currency units per one unit of `currency`), or from `convertedAmount` (what the bank charged, in the group currency), or else at the rate service\'s rate for the date (400 on `exchangeRate` asking for a rate when it cannot be reached). Example: { "paidToUserId": 5, "amount": 10000, "currency": "JPY", "groupId": 7, "exchangeRate": "0.00625" }',
        ),
        response: { 201: paymentSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const respond = (v: PaymentView) => paymentOut(v);
      const key = idempotencyScope(
        request,
        'POST /api/payments',
        () => [canonicalJson(request.body ?? null)],
        201,
        respond,
      );
      const outcome = await services.payments.create(request.user.id, request.body, key);
      return sendOutcome(reply, outcome, 201, respond);
    },
  );

  r.post(
    '/api/payments/settle',
    {
      schema: {
        tags,
        summary: 'Settle up with one person across shared groups and outside groups',
        body: anyBody.describe(
          '{ otherUserId, direction: I_PAID | THEY_PAID, amount, date?, currency? }',
        ),
        response: { 201: z.array(paymentSchema), ...errorResponses(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const respond = (views: PaymentView[]) => views.map(paymentOut);
      const key = idempotencyScope(
        request,
        'POST /api/payments/settle',
        () => [canonicalJson(request.body ?? null)],
        201,
        respond,
      );
      const outcome = await services.payments.settle(request.user.id, request.body, key);
      return sendOutcome(reply, outcome, 201, respond);
    },
  );

  r.post(
    '/api/groups/:id/exchanges',
    {
      schema: {
        tags,
        summary:
          'Convert a balance from one currency into another (groups keeping currencies separate)',
        description:
          'Moves the caller\'s balance with `otherUserId` in this group from `fromCurrency` into `toCurrency` at `exchangeRate` (units of toCurrency per one unit of fromCurrency), as two payments sharing `exchangeId`: the balance (or `amount` of it, in fromCurrency) settled in fromCurrency and its value at the rate added in toCurrency. Only in groups whose currencyMode is SEPARATE. Honours Idempotency-Key. Example: { "otherUserId": 5, "fromCurrency": "JPY", "toCurrency": "USD", "exchangeRate": "0.006849" } turns "+100 USD, −10,000 JPY" into "+31.51 USD, 0 JPY". Deleting either payment deletes both; they cannot be edited.',
        params: z.object({ id: pathIdSchema('Group') }),
        body: anyBody.describe(
          '{ otherUserId, fromCurrency, toCurrency, exchangeRate, amount?, date? }',
        ),
        response: { 201: z.array(paymentSchema), ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const respond = (views: PaymentView[]) => views.map(paymentOut);
      const key = idempotencyScope(
        request,
        'POST /api/groups/{id}/exchanges',
        () => [String(request.params.id), canonicalJson(request.body ?? null)],
        201,
        respond,
      );
      const outcome = await services.payments.exchange(
        request.user.id,
        request.params.id,
        request.body,
        key,
      );
      return sendOutcome(reply, outcome, 201, respond);
    },
  );

  r.get(
    '/api/payments/my',
    {
      schema: {
        tags,
        summary: 'Payments the caller made or received, newest first',
        querystring: pageQuerySchema,
        response: { 200: z.array(paymentSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const limit = readLimit(request.query.limit);
      const page = await services.payments.listMine(
        request.user.id,
        limit,
        readBefore(request.query.before),
      );
      setNextPage(reply, '/api/payments/my', limit, page.nextCursor);
      return page.items.map(paymentOut);
    },
  );

  r.get(
    '/api/payments/:id',
    {
      schema: {
        tags,
        summary: 'One payment',
        params: idParams,
        response: { 200: paymentSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => paymentOut(await services.payments.get(request.user.id, request.params.id)),
  );

  r.put(
    '/api/payments/:id',
    {
      schema: {
        tags,
        summary: 'Change a payment (absent payer and currency are kept)',
        params: idParams,
        body: anyBody.describe(
          '{ paidToUserId, paidByUserId?, amount, date?, currency?, groupId?, exchangeRate?, convertedAmount? }. In a CONVERT group a payment in another currency than the group\'s is converted: at `exchangeRate` (group-currency units per one unit of `currency`), or from `convertedAmount` (what the bank charged, in the group currency), or else at the rate service\'s rate for the date (400 on `exchangeRate` asking for a rate when it cannot be reached). Example: { "paidToUserId": 5, "amount": 10000, "currency": "JPY", "groupId": 7, "exchangeRate": "0.00625" }. `expectedUpdatedAt`: the `updatedAt` the edit started from; when the payment has changed since, the answer is `409 EDIT_CONFLICT` and nothing is written (offline edits), e.g. { "paidToUserId": 5, "amount": 25, "expectedUpdatedAt": "2025-03-15T09:00:00.000Z" }. Honours `Idempotency-Key` (§1.10).',
        ),
        response: { 200: paymentSchema, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const guard = {
        expectedUpdatedAt: readExpectedUpdatedAt(request.body),
        idempotency: idempotencyScope(
          request,
          `PUT /api/payments/${String(id)}`,
          () => [canonicalJson(request.body ?? null)],
          200,
          paymentOut,
        ),
      };
      const outcome = await services.payments.update(request.user.id, id, request.body, guard);
      return sendOutcome(reply, outcome, 200, paymentOut);
    },
  );

  r.delete(
    '/api/payments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a payment',
        description:
          'From then on the payment is gone for every reader (404, left out of lists and balances) but kept, so that POST /api/payments/{id}/restore can put it back; it is purged 30 days after the delete. Deleting either payment of a currency exchange deletes both.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await services.payments.remove(request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/payments/:id/restore',
    {
      schema: {
        tags,
        summary: 'Restore a deleted payment (undo)',
        description:
          'Puts a deleted payment back exactly as it was with its effect on the balances (the two payments of a currency exchange come back together), records a `payment_restored` activity and a `created` change event. Deleted payments stay restorable until they are purged (30 days after the delete). Allowed to whoever may delete it: current members of its group, or its payer and recipient outside groups. Idempotent: restoring a payment that is not deleted answers it as it is. 404 for an unknown id or one the caller was never shown; 403 for a former member of its group; 409 NOT_RESTORABLE when it can no longer be written: its payer or recipient left the group, the group now converts into another currency, or (outside groups) the two are no longer friends. No body.',
        params: idParams,
        response: {
          200: paymentSchema.meta({
            example: {
              type: 'payment',
              id: 31,
              amount: 25,
              currency: 'USD',
              date: '2025-03-15',
              createdAt: '2025-03-15T09:12:00.000Z',
              updatedAt: '2025-03-15T09:12:00.000Z',
              groupId: 7,
              paidBy: { id: 5, name: 'Bea', email: 'bea@example.com' },
              paidTo: { id: 1, name: 'Ann', email: 'ann@example.com' },
              summary: 'Bea paid Ann',
              createdBy: { id: 5, name: 'Bea', email: 'bea@example.com' },
              conversion: null,
              exchangeId: null,
            },
          }),
          ...errorResponses(400),
          403: errorExample(403, 'FORBIDDEN', PAYMENT_API_MESSAGES.noAccess),
          404: errorExample(404, 'NOT_FOUND', PAYMENT_API_MESSAGES.notFound),
          409: errorExample(
            409,
            'NOT_RESTORABLE',
            'This payment cannot be restored: you are no longer friends with Bea.',
          ),
        },
      },
    },
    async (request) =>
      paymentOut(await services.payments.restore(request.user.id, request.params.id)),
  );
}
