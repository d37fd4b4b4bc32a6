// Routes of the exports module (issue #14, #31 point 6): a group as a Splitwise-style CSV, as
// JSON, or as a zip of that JSON and its receipt files; the caller's account as JSON. All are
// streamed: the body is written as the database is read, in batches.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import { attachment } from '../../http/attachment.js';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { receiptLinker } from '../expenses/index.js';
import { csvWords } from '../imports/index.js';

const CSV_EXAMPLE =
  'Date,Description,Category,Cost,Currency,Original cost,Original currency,Ann,Bea,Cy\r\n' +
  '2025-03-14,Dinner,Dining out,90.00,EUR,,,60.00,-30.00,-30.00\r\n' +
  '2025-03-15,Sushi,Dining out,61.73,EUR,10000,JPY,-20.57,41.16,-20.59\r\n' +
  '2025-03-16,Bea paid Ann,Payment,30.00,EUR,,,-30.00,30.00,0.00\r\n' +
  '\r\n' +
  '2025-03-20,Total balance, , ,EUR,,,9.43,41.16,-50.59\r\n';

const GROUP_JSON_EXAMPLE = {
  format: 'evenly-group-export',
  version: 1,
  exportedAt: '2025-03-20T10:00:00.000Z',
  group: {
    id: 7,
    name: 'Tokyo trip',
    createdAt: '2025-03-01T09:00:00.000Z',
    lastActivityAt: '2025-03-15T12:00:00.000Z',
    creator: { id: 1, name: 'Ann', email: 'ann@example.com' },
    members: [
      { id: 1, name: 'Ann', email: 'ann@example.com', guest: false, avatarUrl: null },
      { id: 9, name: 'Gus', email: null, guest: true, avatarUrl: null },
    ],
    simplifyDebts: false,
    defaultCurrency: 'EUR',
    currencyMode: 'CONVERT',
    coverEmoji: null,
    coverColor: null,
  },
  people: [
    { id: 1, name: 'Ann', guest: false, member: true },
    { id: 9, name: 'Gus', guest: true, member: true },
  ],
  expenses: [
    {
      type: 'expense',
      id: 31,
      description: 'Sushi',
      category: 'dining_out',
      amount: 10000,
      currency: 'JPY',
      date: '2025-03-14',
      splitType: 'EQUAL',
      payers: [{ user: { id: 1, name: 'Ann', email: 'ann@example.com' }, amountPaid: 10000 }],
      splits: [
        {
          splitId: 61,
          owedBy: { id: 1, name: 'Ann', email: 'ann@example.com' },
          amountOwed: 5000,
          value: null,
        },
        { splitId: 62, owedBy: { id: 9, name: 'Gus', email: null }, amountOwed: 5000, value: null },
      ],
      conversion: {
        currency: 'EUR',
        amount: 61.73,
        exchangeRate: 0.006173,
        exchangeRateText: '0.006173',
        rateSource: 'SERVICE',
        rateDate: '2025-03-14',
        payers: [{ userId: 1, amountPaid: 61.73 }],
        splits: [
          { userId: 1, amountOwed: 30.87 },
          { userId: 9, amountOwed: 30.86 },
        ],
      },
      receiptUrl: null,
      receiptFile: { path: 'receipts/expense-31.jpg', missing: false },
      comments: [
        {
          id: 4,
          author: { id: 9, name: 'Gus', email: null },
          content: 'Thanks!',
          createdAt: '2025-03-14T20:00:00.000Z',
        },
      ],
    },
  ],
  payments: [],
  categories: [{ id: 'dining_out', name: 'Dining out', emoji: '🍽️' }],
  missingReceipts: [],
};

const GROUP_JSON_DESCRIPTION =
  '`{ format: "evenly-group-export", version, exportedAt, group, people, expenses, payments, categories }`. `group` is the Group (current members and guests, `guest: true`); `people` everyone who ever belonged (`member: false` for those who left; their entries still count). `expenses` are the group\'s expenses oldest first, each as GET /api/expenses/{id} answers it (payers, splits with each share, category, notes, `amount` and `currency` as entered and, for an expense converted into the group\'s currency, `conversion` with the converted figure, rate and converted shares) plus its `comments`. `payments` likewise (Payment objects). `categories` are the categories the expenses use (id, name, emoji).';

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
          "text/csv attachment, streamed: `Date,Description,Category,Cost,Currency,Original cost,Original currency` then one column per person who ever belonged to the group (joining order). One row per expense or payment (oldest first; payments have Category `Payment`); each person column is that person's net effect (paid minus owed; + = is owed), so every row adds up to 0. After a blank line, one `Total balance` row per currency: each person's balance in the group. Cost, Currency and the person columns are in the currency the balances are kept in, written as plain numbers; for an entry converted from another currency, `Original cost` and `Original currency` hold what was entered (e.g. `10000`,`JPY` beside `61.73`,`EUR`), both empty otherwise. A text cell (description, name, category) beginning with `=`, `+`, `-`, `@`, a tab or a carriage return is written quoted with a single quote in front (`\"'=SUM(A1)\"`), so no spreadsheet runs it as a formula. The file imports back through POST /api/imports/splitwise (which removes that quote and enters converted entries again in their original currency). Current members only.\n\nThe header line and the `Total balance` label are in the reader's language (their account's, else the Accept-Language header's; e.g. `Datum,Beschreibung,Kategorie,Betrag,Währung,…` in German); `headers=splitwise` keeps Splitwise's English headers, which Splitwise needs to import the file (Evenly's import reads either). Cell values (descriptions, categories, `Payment`) are never translated.\n\nExample (`headers=splitwise`):\n\n```\n" +
          CSV_EXAMPLE +
          '```',
        params: z.object({ id: pathIdSchema('Group') }),
        querystring: z.object({
          headers: z.enum(['translated', 'splitwise']).default('translated').meta({
            description:
              "`translated` (default): headers in the reader's language. `splitwise`: Splitwise's English headers, for re-import.",
            example: 'splitwise',
          }),
        }),
        response: {
          200: z.any().meta({ description: 'text/csv', example: CSV_EXAMPLE }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const today = new Date().toISOString().slice(0, 10);
      const words =
        request.query.headers === 'splitwise'
          ? null
          : csvWords(
              await services.exports.readerTranslator(
                request.user.id,
                request.headers['accept-language'],
              ),
            );
      const csv = await services.exports.groupCsv(request.user.id, request.params.id, today, words);
      return reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(csv.fileName))
        .header('cache-control', 'no-store')
        .send(Readable.from(csv.lines));
    },
  );

  r.get(
    '/api/groups/:id/export.json',
    {
      schema: {
        tags,
        summary: 'Download a group as JSON: members, guests, expenses, payments, comments',
        description:
          'application/json attachment, streamed. ' +
          GROUP_JSON_DESCRIPTION +
          ' Receipts are signed links (`receiptUrl`) valid for a limited time: to keep the files, download GET /api/groups/{id}/export.zip. Current members only.',
        params: z.object({ id: pathIdSchema('Group') }),
        response: {
          200: z.any().meta({
            description: 'application/json',
            example: {
              ...GROUP_JSON_EXAMPLE,
              expenses: GROUP_JSON_EXAMPLE.expenses.map(({ receiptFile: _file, ...e }) => ({
                ...e,
                receiptUrl:
                  'https://evenly.example.com/api/receipts/files/3f2a.jpg?uid=1&exp=1742468400&sig=…',
              })),
              missingReceipts: undefined,
            },
          }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const link = receiptLinker(services, request);
      const out = await services.exports.groupJson(
        request.user.id,
        request.params.id,
        link,
        new Date(),
      );
      return reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachment(out.fileName))
        .header('cache-control', 'no-store')
        .send(Readable.from(out.body));
    },
  );

  r.get(
    '/api/groups/:id/export.zip',
    {
      schema: {
        tags,
        summary: 'Download a group with its receipt files as one zip',
        description:
          'application/zip attachment, streamed: `receipts/expense-<id>.<ext>` (each receipt file as stored), then `group.json`, the document of GET /api/groups/{id}/export.json in which every expense has `receiptUrl: null` and `receiptFile`: `null` without a receipt, `{ "path": "receipts/expense-31.jpg", "missing": false }` naming its file inside the zip (no link that expires), or `{ "path": null, "missing": true, "message": … }` when the stored file could not be read; `missingReceipts` lists those expense ids. A missing file never fails the download. Current members only.\n\n' +
          GROUP_JSON_DESCRIPTION,
        params: z.object({ id: pathIdSchema('Group') }),
        response: {
          200: z.any().meta({
            description: 'application/zip, holding receipts/… and group.json (example: group.json)',
            example: GROUP_JSON_EXAMPLE,
          }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const out = await services.exports.groupZip(request.user.id, request.params.id, new Date());
      return reply
        .code(200)
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(out.fileName))
        .header('cache-control', 'no-store')
        .send(out.body);
    },
  );

  r.get(
    '/api/me/export',
    {
      schema: {
        tags,
        summary: 'Download everything of your account as JSON',
        description:
          'application/json attachment, streamed: `{ format, version, exportedAt, profile, payMethods, friends, groups, expenses, payments }` (`payMethods` as GET /api/auth/me/pay-methods answers them). `expenses` are every expense you can see (those of your groups and your non-group ones) as GET /api/expenses/{id} answers them, each with its `comments`; receipts are signed links (`receiptUrl`) valid for a limited time. `payments` likewise.',
        response: {
          200: z.any().meta({
            description: 'application/json',
            example:
              '{"format":"evenly-account-export","version":1,"exportedAt":"2025-03-20T10:00:00.000Z","profile":{"id":1,"name":"Ann","email":"ann@example.com","homeCurrency":"EUR","locale":"de","timeZone":"Europe/Berlin","createdAt":"2024-01-02T09:00:00.000Z"},"payMethods":{"bank":null,"paypal":"annmeyer","venmo":null,"revolut":null,"monzo":null,"upi":null,"swish":null},"friends":[],"groups":[],"expenses":[],"payments":[]}',
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
