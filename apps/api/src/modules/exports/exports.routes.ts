// Routes of the exports module (issue #14): a group as a Splitwise-style CSV, the caller's
// account as JSON. Both are streamed: the body is written as the database is read, in batches.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { receiptLinker } from '../expenses/index.js';

const CSV_EXAMPLE =
  'Date,Description,Category,Cost,Currency,Ann,Bea,Cy\r\n' +
  '2025-03-14,Dinner,Dining out,90.00,EUR,60.00,-30.00,-30.00\r\n' +
  '2025-03-15,Bea paid Ann,Payment,30.00,EUR,-30.00,30.00,0.00\r\n' +
  '\r\n' +
  '2025-03-20,Total balance, , ,EUR,30.00,0.00,-30.00\r\n';

/** RFC 6266 attachment with an ASCII fallback name and the UTF-8 one. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function exportsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Exports'];

  r.get(
    '/api/groups/:id/export.csv',
    {
      schema: {
        tags,
        summary: "Download a group's expenses and payments as CSV (Splitwise's format)",
        description:
          "text/csv attachment, streamed: `Date,Description,Category,Cost,Currency` then one column per person who ever belonged to the group (joining order). One row per expense or payment (oldest first; payments have Category `Payment`); each person column is that person's net effect (paid minus owed; + = is owed), so every row adds up to 0. After a blank line, one `Total balance` row per currency: each person's balance in the group. Amounts are in the currency the balances are kept in, written as plain numbers. A text cell (description, name, category) beginning with `=`, `+`, `-`, `@`, a tab or a carriage return is written quoted with a single quote in front (`\"'=SUM(A1)\"`), so no spreadsheet runs it as a formula. The file imports back through POST /api/imports/splitwise (which removes that quote). Current members only.\n\nExample:\n\n```\n" +
          CSV_EXAMPLE +
          '```',
        params: z.object({ id: pathIdSchema('Group') }),
        response: {
          200: z.any().meta({ description: 'text/csv', example: CSV_EXAMPLE }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const today = new Date().toISOString().slice(0, 10);
      const csv = await services.exports.groupCsv(request.user.id, request.params.id, today);
      return reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(csv.fileName))
        .header('cache-control', 'no-store')
        .send(Readable.from(csv.lines));
    },
  );

  r.get(
    '/api/me/export',
    {
      schema: {
        tags,
        summary: 'Download everything of your account as JSON',
        description:
          'application/json attachment, streamed: `{ format, version, exportedAt, profile, friends, groups, expenses, payments }`. `expenses` are every expense you can see (those of your groups and your non-group ones) as GET /api/expenses/{id} answers them, each with its `comments`; receipts are signed links (`receiptUrl`) valid for a limited time. `payments` likewise.',
        response: {
          200: z.any().meta({
            description: 'application/json',
            example:
              '{"format":"evenly-account-export","version":1,"exportedAt":"2025-03-20T10:00:00.000Z","profile":{"id":1,"name":"Ann","email":"ann@example.com","homeCurrency":"EUR","createdAt":"2024-01-02T09:00:00.000Z"},"friends":[],"groups":[],"expenses":[],"payments":[]}',
          }),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const link = receiptLinker(services, request);
      const lines = services.exports.accountJson(request.user.id, link, now);
      return reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .header(
          'content-disposition',
          attachment(`evenly-account-${now.toISOString().slice(0, 10)}.json`),
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
}
