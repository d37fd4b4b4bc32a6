// Routes of expense categories (issue #14 point 1): the fixed set, and suggestions of one from a
// description, a receipt's shop and the caller's own history. Thin: read, call, map.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoriesByFamily,
  charLength,
  DEFAULT_CATEGORY,
  EXPENSE_MESSAGES,
  MAX_HISTORY_ENTRIES,
  toId,
} from '@evenly/core';
import { z } from 'zod';
import { ValidationError } from '../../errors/app-errors.js';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import { categorySchema } from './category.mapper.js';

const tags = ['Categories'];

const categoryListSchema = z
  .object({
    default: categorySchema.meta({ description: 'What an expense gets when none is given.' }),
    families: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        categories: z.array(
          z.object({
            id: categorySchema,
            label: z.string(),
            emoji: z.string().meta({
              description: 'For text-only places; the web app draws its own icon for each id.',
            }),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: 'CategoryList',
    example: {
      default: 'general',
      families: [
        {
          id: 'general',
          label: 'General',
          categories: [{ id: 'general', label: 'General', emoji: '🧾' }],
        },
        {
          id: 'food',
          label: 'Food & drink',
          categories: [
            { id: 'dining_out', label: 'Dining out', emoji: '🍽️' },
            { id: 'groceries', label: 'Groceries', emoji: '🛒' },
            { id: 'drinks', label: 'Drinks', emoji: '🍹' },
          ],
        },
      ],
    },
  });

const suggestionSchema = z
  .object({
    category: categorySchema.nullable().meta({
      description: 'The category to pre-select; null when nothing points to one (keep General).',
    }),
    source: z.enum(['history', 'description', 'merchant']).nullable().meta({
      description:
        "history: the category the caller most often gave a description like this one; description: words of the description; merchant: the shop's name.",
    }),
  })
  .meta({ id: 'CategorySuggestion', example: { category: 'dining_out', source: 'description' } });

const historySchema = z
  .object({
    entries: z.array(
      z.object({
        description: z.string().meta({
          description:
            'The description folded as the suggestion compares it (lower case, no accents, punctuation, numbers or filler words).',
        }),
        category: categorySchema,
        weight: z.number().int().meta({
          description: 'How often the caller gave it this category (those in groupId count twice).',
        }),
      }),
    ),
  })
  .meta({
    id: 'CategoryHistory',
    example: {
      entries: [
        { description: 'netflix', category: 'movies', weight: 6 },
        { description: 'weekly shop', category: 'groceries', weight: 3 },
      ],
    },
  });

const MSG_DESCRIPTION_LONG = 'description must be at most 255 characters.';
const MSG_MERCHANT_LONG = 'merchant must be at most 255 characters.';

/** An optional query text of at most 255 characters; blank → null. */
function readText(raw: string | undefined, field: string, message: string): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (charLength(raw) > 255) throw new ValidationError(message, [{ field, message }]);
  return raw;
}

function readGroupId(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const id = toId(raw);
  if (id === null) {
    throw new ValidationError(EXPENSE_MESSAGES.groupId, [
      { field: 'groupId', message: EXPENSE_MESSAGES.groupId },
    ]);
  }
  return id;
}

/** GET /api/categories needs no sign-in: the set is the same for everyone. */
export async function publicCategoriesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const body = {
    default: DEFAULT_CATEGORY,
    families: categoriesByFamily().map(({ family, categories }) => ({
      id: family.id,
      label: family.label,
      categories: categories.map((c) => ({ id: c.id, label: c.label, emoji: c.emoji })),
    })),
  };
  r.get(
    '/api/categories',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The expense categories, grouped in families',
        description:
          'A fixed set: the ids are stable and are what expenses carry in `category` (an edit keeps ids; a later release may add some, never rename one). Expenses made before categories existed are `general`.',
        security: [],
        response: { 200: categoryListSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return body;
    },
  );
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function categoriesRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const groupIdQuery = z.string().optional().meta({
    description: 'The group the expense is in: the caller’s expenses there count twice.',
  });

  r.get(
    '/api/categories/suggest',
    {
      schema: {
        tags,
        summary: 'Suggest a category for a description and a receipt’s shop',
        description:
          "In order: the category the caller most often gave the same or a similar description (their own latest 500 categorised expenses), keywords of the description (English, Malay, Indonesian and a few other languages; case and accents do not matter), the caller's history for the shop's name, keywords of the shop's name. Clients pre-select it only while the person has not chosen a category themselves. The web app asks GET /api/categories/history once and runs the same rules (@evenly/core) as the person types.",
        querystring: z.object({
          description: z.string().optional().meta({ example: 'Dinner at Luigi’s' }),
          merchant: z.string().optional().meta({
            description: 'The shop as the receipt scan read it (merchantName or storeName).',
            example: 'BANH MI CAFE SDN BHD',
          }),
          groupId: groupIdQuery,
        }),
        response: { 200: suggestionSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const q = request.query;
      const suggestion = await services.categories.suggest(request.user.id, {
        description: readText(q.description, 'description', MSG_DESCRIPTION_LONG),
        merchant: readText(q.merchant, 'merchant', MSG_MERCHANT_LONG),
        groupId: readGroupId(q.groupId),
      });
      return { category: suggestion?.category ?? null, source: suggestion?.source ?? null };
    },
  );

  r.get(
    '/api/categories/history',
    {
      schema: {
        tags,
        summary: 'The descriptions the caller gave each category (for suggestions as they type)',
        description: `From the caller's own latest 500 expenses with a category other than General, at most ${String(MAX_HISTORY_ENTRIES)} entries, the weightiest first. Feed it to suggestCategory of @evenly/core (or ask GET /api/categories/suggest).`,
        querystring: z.object({ groupId: groupIdQuery }),
        response: { 200: historySchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      entries: await services.categories.history(
        request.user.id,
        readGroupId(request.query.groupId),
      ),
    }),
  );
}
