// Routes of expense search (issue #14 point 2): across everything the caller can see, and within
// one group. Thin: read the query, call the service, map the expenses.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathIdSchema } from '@evenly/core';
import { z } from 'zod';
import { errorExample, errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { expenseOut, expenseSchema } from '../expenses/index.js';
import { receiptLinker } from '../expenses/index.js';
import { GROUP_NOT_FOUND, NOT_A_MEMBER } from '../groups/index.js';
import { readSearchQuery, searchQuerySchema } from './search-query.js';
import type { RawSearchQuery } from './search-query.js';

const ann = { id: 1, name: 'Ann', email: 'ann@example.com' };
const bea = { id: 5, name: 'Bea', email: 'bea@example.com' };

const SEARCH_RESULT_EXAMPLE = [
  {
    type: 'expense',
    id: 42,
    description: 'Pizza night',
    category: 'dining_out',
    amount: 36,
    currency: 'USD',
    date: '2025-03-14',
    createdAt: '2025-03-14T18:04:05.123Z',
    updatedAt: '2025-03-14T18:04:05.123Z',
    groupId: 7,
    splitType: 'EQUAL',
    payers: [{ user: ann, amountPaid: 36 }],
    splits: [
      { splitId: 101, owedBy: ann, amountOwed: 18, value: null },
      { splitId: 102, owedBy: bea, amountOwed: 18, value: null },
    ],
    notes: 'Luigi’s, with the café after',
    receiptUrl: null,
    commentCount: 0,
    createdBy: ann,
    conversion: null,
    series: null,
    occurrenceDate: null,
    items: [],
  },
];

const DESCRIPTION = `Filters combine (all must hold); every one is optional. Without \`q\` the results are newest first (date, then creation); with it, most relevant first, then newest. Deleted expenses are never found. Cursor pagination as in §1.9: \`limit\` (1–1000, default 50) and \`before\`; when more results exist the response carries \`X-Next-Cursor\` and a \`Link: <…&before=…>; rel="next"\` repeating the query. A bad parameter is 400 VALIDATION_FAILED naming it in \`details\`. Example: \`?q=piza&category=dining_out&minAmount=10&from=2025-01-01\`.`;

/** The request's own query with `before` set to the next cursor (every filter kept). */
function setSearchNextPage(
  reply: FastifyReply,
  path: string,
  limit: number,
  query: RawSearchQuery,
  nextCursor: string | null,
): void {
  if (nextCursor === null) return;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' && k !== 'before' && k !== 'limit') params.set(k, v);
  }
  params.set('limit', String(limit));
  params.set('before', nextCursor);
  void reply.headers({
    'x-next-cursor': nextCursor,
    link: `<${path}?${params.toString()}>; rel="next"`,
  });
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function searchRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const results = z.array(expenseSchema).meta({ example: SEARCH_RESULT_EXAMPLE });

  r.get(
    '/api/search',
    {
      schema: {
        tags: ['Search'],
        summary: 'Search every expense the caller can see',
        description: `Expenses of the groups the caller is a current member of, and the non-group expenses they paid or share (§5.6). ${DESCRIPTION}`,
        querystring: searchQuerySchema,
        response: {
          200: results,
          400: errorExample(
            400,
            'VALIDATION_FAILED',
            'minAmount must be an amount such as 12.50 (at most 4 decimals).',
          ),
        },
      },
    },
    async (request, reply) => {
      const req = readSearchQuery(request.query);
      const page = await services.search.search(request.user.id, null, req);
      setSearchNextPage(reply, '/api/search', req.limit, request.query, page.nextCursor);
      const link = receiptLinker(services, request);
      return page.items.map((v) => expenseOut(v, link));
    },
  );

  r.get(
    '/api/groups/:id/search',
    {
      schema: {
        tags: ['Search', 'Groups'],
        summary: 'Search the expenses of a group (members only)',
        description: `The same search within one group. ${DESCRIPTION}`,
        params: z.object({ id: pathIdSchema('Group') }),
        querystring: searchQuerySchema,
        response: {
          200: results,
          ...errorResponses(400),
          403: errorExample(403, 'FORBIDDEN', NOT_A_MEMBER),
          404: errorExample(404, 'NOT_FOUND', GROUP_NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const req = readSearchQuery(request.query);
      const { id } = request.params;
      const page = await services.search.search(request.user.id, id, req);
      setSearchNextPage(
        reply,
        `/api/groups/${String(id)}/search`,
        req.limit,
        request.query,
        page.nextCursor,
      );
      const link = receiptLinker(services, request);
      return page.items.map((v) => expenseOut(v, link));
    },
  );
}
