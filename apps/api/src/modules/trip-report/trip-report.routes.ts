// Routes of the trip report (issue #33 point 3): a group's report for a date range as a PDF,
// streamed. Thin: validate the range, the locale and the receipts flag, call the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema } from '@evenly/core';
import { issuesError } from '../../errors/app-errors.js';
import { attachment } from '../../http/attachment.js';
import { errorResponses } from '../../http/error-body.js';
import type { RouteDeps } from '../../http/route-modules.js';
import { readRange } from '../reports/index.js';
import { canonicalLocale, localeFromAcceptLanguage } from './report-messages.js';

const REPORT_TEXT_EXAMPLE = `Trip report
Tokyo trip
Mar 10, 2025 – Mar 20, 2025
Members: Ann, Bea, Gus (guest)
Summary in EUR
Total spent: €412.50 in 3 expenses
Person   Paid     Share    Payments made  Payments received  Net
Ann      €300.00  €137.50  €0.00          €0.00              +€162.50
Bea      €112.50  €137.50  €0.00          €0.00              -€25.00
Gus      €0.00    €137.50  €0.00          €0.00              -€137.50
Spending by category … Spending by month …
Balances and the payments that settle them: Gus pays Ann €137.50; Bea pays Ann €25.00
Expenses and payments
Mar 14, 2025  Sushi  Dining out · Split equally: Ann €20.58, Bea €20.58, Gus €20.57
              Entered as ¥10,000   Ann   €61.73
…`;

/**
 * The reader's locale: `?locale=` when given (400 when not a language tag), else the reader's
 * stored language (issue #32), else Accept-Language.
 */
function readLocale(
  query: string | undefined,
  stored: string | null,
  acceptLanguage: string | undefined,
): string {
  if (query === undefined || query.trim() === '') {
    return stored ?? localeFromAcceptLanguage(acceptLanguage);
  }
  const locale = canonicalLocale(query);
  if (locale === null) {
    throw issuesError([
      { path: ['locale'], message: 'locale must be a language tag such as en-US or de-DE.' },
    ]);
  }
  return locale;
}

/** Reports one person may ask for in a minute (429 with Retry-After past it). */
export const REPORTS_PER_MINUTE = 10;

/** Routes that need a bearer token (registered in the protected scope). */
export async function tripReportRoutes(
  app: FastifyInstance,
  { services, rateLimiter }: Pick<RouteDeps, 'services' | 'rateLimiter'>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/groups/:id/report.pdf',
    {
      schema: {
        tags: ['Reports'],
        summary: 'Download a trip report of the group as PDF (members only)',
        description:
          "application/pdf attachment, streamed: the group, the dates and the members; per currency (the one each entry's balances are kept in) the total spent, what each person paid, their share, the payments they made and received and their net (+ gets money back), spending by category and by month (the figures of GET /api/groups/{id}/reports for the same dates), and the payments that settle the nets (debt simplification, as GET /api/groups/{id}/settle-suggestions); then every expense and payment, oldest first, with date, description, category, payers, each share and, for a converted entry, what was entered. Nets and settling payments count the entries in the dates only: without `from` and `to` they are the group's balances. `receipts=true` adds a small picture of each receipt image (PDF receipts are named, not shown). Words, numbers, amounts and dates follow `locale` (a BCP 47 tag such as `de-DE`; 400 when it is not one), else the reader's account language (PATCH /api/auth/me), else the Accept-Language header, en-US by default; words are in the closest of Evenly's twelve languages (English for any other). 400 VALIDATION_FAILED for a bad date or `to` before `from`. Current members only (403 for anyone else, 404 for an unknown group).\n\nExample of its text:\n\n```\n" +
          REPORT_TEXT_EXAMPLE +
          '\n```',
        params: z.object({ id: pathIdSchema('Group') }),
        querystring: z.object({
          from: z
            .string()
            .optional()
            .meta({ description: 'First date, YYYY-MM-DD, inclusive.', example: '2025-03-10' }),
          to: z
            .string()
            .optional()
            .meta({ description: 'Last date, YYYY-MM-DD, inclusive.', example: '2025-03-20' }),
          receipts: z
            .enum(['true', 'false'])
            .optional()
            .meta({ description: 'Add receipt thumbnails (default false).', example: 'true' }),
          locale: z
            .string()
            .max(100)
            .optional()
            .meta({ description: 'Number and date format, e.g. de-DE.', example: 'en-US' }),
        }),
        response: {
          200: z.any().meta({
            description: 'application/pdf (example: the text it holds)',
            example: REPORT_TEXT_EXAMPLE,
          }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
      // A report costs CPU for every entry of the group: a few a minute is what a person needs.
      preValidation: (request) =>
        rateLimiter.hit([
          {
            key: `trip-report:user:${request.user.id}`,
            limit: REPORTS_PER_MINUTE,
            windowSeconds: 60,
          },
        ]),
    },
    async (request, reply) => {
      const range = readRange(request.query, false);
      const locale = readLocale(
        request.query.locale,
        await services.tripReport.storedLocale(request.user.id),
        request.headers['accept-language'],
      );
      const report = await services.tripReport.report(request.user.id, request.params.id, {
        range,
        locale,
        receipts: request.query.receipts === 'true',
        now: new Date(),
      });
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(report.fileName))
        .header('cache-control', 'no-store')
        .send(report.body);
    },
  );
}
