// Routes of the imports module (issue #14, issue #33 point 4): a group export of Splitwise,
// Spliit, Tricount, IHateMoney, Cospend or Evenly previewed, then imported as a new group. Thin:
// read the multipart body, call the service, map the result.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { minorToNumber } from '@evenly/core';
import { PayloadTooLargeError, ValidationError } from '../../errors/app-errors.js';
import { errorExample, errorResponses } from '../../http/error-body.js';
import { userOut, userSchema } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { RateLimiter } from '../rate-limit/index.js';
import { groupOut, groupSchema } from '../groups/index.js';
import { idempotencyScope, sendOutcome } from '../idempotency/index.js';
import type { ColumnMapping, ImportPreview, ImportResult } from './import.service.js';
import { IMPORT_TEXT } from './import.service.js';
import type { ImportFormat } from './import-formats.js';
import { IMPORT_FORMATS, isImportFormat } from './import-formats.js';

const formatSchema = z.enum(IMPORT_FORMATS).meta({
  id: 'ImportFormat',
  description:
    'The app a group export comes from: `splitwise` (CSV), `spliit` (JSON), `tricount` (CSV), `ihatemoney` (JSON or CSV bills export), `cospend` (CSV project export) or `evenly` (group.json of another Evenly server).',
});

const mappingSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('me') }),
    z.object({ kind: z.literal('friend'), userId: z.number().int().positive() }),
    z.object({ kind: z.literal('guest'), name: z.string() }),
  ])
  .meta({
    id: 'ImportColumnMapping',
    description:
      'Who a person column is: the importer (`me`), one of their friends, or a new guest (a person without an account) with this name.',
  });

const previewSchema = z
  .object({
    format: formatSchema,
    expenseCount: z.number().int(),
    paymentCount: z.number().int(),
    firstDate: z.string(),
    lastDate: z.string(),
    currencies: z.array(z.string()),
    columns: z.array(
      z.object({
        name: z.string(),
        totals: z.array(
          z.object({
            currency: z.string(),
            total: z.number().meta({ description: 'Sum of the column (+ = is owed).' }),
          }),
        ),
        proposed: mappingSchema,
      }),
    ),
    friends: z.array(userSchema),
    alreadyImported: z
      .object({ groupId: z.number().int(), groupName: z.string() })
      .nullable()
      .meta({ description: 'Set when this file was imported before: importing it is refused.' }),
  })
  .meta({
    id: 'SplitwiseImportPreview',
    example: {
      format: 'spliit',
      expenseCount: 41,
      paymentCount: 3,
      firstDate: '2025-01-04',
      lastDate: '2025-06-30',
      currencies: ['EUR'],
      columns: [
        { name: 'Ann Lee', totals: [{ currency: 'EUR', total: 120.5 }], proposed: { kind: 'me' } },
        {
          name: 'Bea',
          totals: [{ currency: 'EUR', total: -80.25 }],
          proposed: { kind: 'friend', userId: 5 },
        },
        {
          name: 'Cy',
          totals: [{ currency: 'EUR', total: -40.25 }],
          proposed: { kind: 'guest', name: 'Cy' },
        },
      ],
      friends: [{ id: 5, name: 'Bea', email: 'bea@example.com', avatarUrl: null }],
      alreadyImported: null,
    },
  });

const resultSchema = z
  .object({
    group: groupSchema,
    expenseCount: z.number().int(),
    paymentCount: z.number().int(),
  })
  .meta({ id: 'SplitwiseImportResult' });

function previewOut(p: ImportPreview) {
  return {
    format: p.format,
    expenseCount: p.expenseCount,
    paymentCount: p.paymentCount,
    firstDate: p.firstDate,
    lastDate: p.lastDate,
    currencies: p.currencies,
    columns: p.columns.map((c) => ({
      name: c.name,
      totals: c.totals.map((t) => ({
        currency: t.currency,
        total: minorToNumber(t.totalCents, t.currency),
      })),
      proposed: c.proposed,
    })),
    friends: p.friends.map((f) => userOut(f)),
    alreadyImported: p.alreadyImported,
  };
}

function resultOut(r: ImportResult) {
  return { group: groupOut(r.group), expenseCount: r.expenseCount, paymentCount: r.paymentCount };
}

const FILE_LIMIT = 10 * 1024 * 1024;

interface ImportBody {
  file: Buffer | null;
  fields: Map<string, string>;
}

/** The multipart body: file part `file` and text fields. */
async function readImportBody(request: FastifyRequest): Promise<ImportBody> {
  if (!request.isMultipart()) throw new ValidationError(IMPORT_TEXT.noFile);
  let file: Buffer | null = null;
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file' && file === null) {
        file = await part.toBuffer();
        if (part.file.truncated || file.length > FILE_LIMIT) throw new PayloadTooLargeError();
      } else {
        part.file.resume();
      }
    } else if (typeof part.value === 'string') {
      fields.set(part.fieldname, part.value);
    }
  }
  return { file, fields };
}

const MSG_MAPPING = 'mapping must be a JSON array with one entry per person column.';

const MSG_FORMAT = `format must be one of auto, ${IMPORT_FORMATS.join(', ')}.`;

/** The multipart field `format`: absent or "auto" lets the content tell. */
function readFormat(text: string | undefined): ImportFormat | 'auto' {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '' || t === 'auto') return 'auto';
  if (isImportFormat(t)) return t;
  throw new ValidationError(MSG_FORMAT, [{ field: 'format', message: MSG_FORMAT }]);
}

function readMapping(text: string | undefined): ColumnMapping[] {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    throw new ValidationError(MSG_MAPPING, [{ field: 'mapping', message: MSG_MAPPING }]);
  }
  const parsed = z.array(mappingSchema).safeParse(data);
  if (!parsed.success) {
    throw new ValidationError(MSG_MAPPING, [{ field: 'mapping', message: MSG_MAPPING }]);
  }
  return parsed.data;
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function importsRoutes(
  app: FastifyInstance,
  { services, rateLimiter }: { services: AppServices; rateLimiter: RateLimiter },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Imports'];
  const rateLimit = (request: FastifyRequest) =>
    rateLimiter.hit([
      { key: `import:user:${String(request.user.id)}`, limit: 30, windowSeconds: 60 },
    ]);

  /**
   * One preview and one import route per base: `/api/imports` reads any format (the `format`
   * field, or the content), `/api/imports/splitwise` (issue #14) Splitwise's and Evenly's CSV.
   */
  const routePair = (base: string, fixed: ImportFormat | null, doc: RouteDoc) => {
    const formatOf = (body: ImportBody) => fixed ?? readFormat(body.fields.get('format'));
    r.post(
      `${base}/preview`,
      {
        config: { rawBody: true },
        preValidation: rateLimit,
        schema: {
          tags,
          summary: doc.previewSummary,
          description: doc.previewDescription,
          consumes: ['multipart/form-data'],
          response: {
            200: previewSchema,
            400: errorExample(
              400,
              'VALIDATION_FAILED',
              'Line 7: the person columns add up to 0.01, not 0: every row must balance.',
            ),
            ...errorResponses(401, 413, 415, 429),
          },
        },
      },
      async (request) => {
        const body = await readImportBody(request);
        const format = formatOf(body);
        return previewOut(await services.imports.preview(request.user.id, body.file, format));
      },
    );

    r.post(
      base,
      {
        config: { rawBody: true },
        preValidation: rateLimit,
        schema: {
          tags,
          summary: doc.importSummary,
          description: doc.importDescription,
          consumes: ['multipart/form-data'],
          response: {
            201: resultSchema,
            409: errorExample(
              409,
              'ALREADY_IMPORTED',
              'You have already imported this file: it is the group "Lisbon trip".',
            ),
            ...errorResponses(400, 401, 413, 415, 429),
          },
        },
      },
      async (request, reply) => {
        const body = await readImportBody(request);
        const format = formatOf(body);
        const mapping = readMapping(body.fields.get('mapping'));
        const groupName = body.fields.get('groupName') ?? '';
        const key = idempotencyScope(
          request,
          `POST ${base}`,
          // The format joins the request's fingerprint on the route that takes it.
          () => [
            body.file ?? '',
            body.fields.get('mapping') ?? '',
            groupName,
            ...(fixed === null ? [format] : []),
          ],
          201,
          resultOut,
        );
        const outcome = await services.imports.run(
          request.user.id,
          body.file,
          mapping,
          groupName,
          key,
          format,
        );
        return sendOutcome(reply, outcome, 201, resultOut);
      },
    );
  };

  routePair('/api/imports', null, {
    previewSummary: 'Read a group export of another app and propose who each person is',
    previewDescription:
      "multipart/form-data with the file part `file` and the optional text field `format` (`auto`, the default, recognises the file by its content; or one of `splitwise`, `spliit`, `tricount`, `ihatemoney`, `cospend`, `evenly`). Accepted: Splitwise's group CSV (\"Export as spreadsheet\"), Spliit's group JSON export, Tricount's CSV export, IHateMoney's bills export (JSON or CSV), Cospend's project CSV export and Evenly's own group.json (GET /api/groups/{id}/export.json, also inside export.zip), to move a group between two Evenly servers. Each file becomes the same rows: one per expense or payment, each person's net effect in minor units. Answers the format read, the rows, their dates, currencies, each person's total and a proposed mapping (you by name, a friend by name, else a new guest). A file that is not such an export is a 400 VALIDATION_FAILED whose `details` name each problem by line (`field`: \"line 7\"; for JSON, the line the entry starts on); so is one of more than 200 people or 20,000 expenses and payments. Nothing is stored.",
    importSummary: 'Import a group export of another app as a new group',
    importDescription:
      'multipart/form-data: `file`, the optional `format` (as for the preview), `groupName`, and `mapping`: a JSON array with one entry per person of the preview, in order, e.g. `[{"kind":"me"},{"kind":"friend","userId":5},{"kind":"guest","name":"Cy"}]`. Creates the group with the friends as members and the guests, then every expense (split EXACT so each person\'s balance moves exactly as in the source) and payment, with dates, categories and currencies (several currencies: the group keeps them apart; entries the source converted are entered in their original currency where the file says so). All in one transaction: the new group\'s balances equal the source\'s to the cent (IHateMoney and Cospend keep floats: each bill is split in whole cents by largest remainder). The same file imported again by the same person is refused with 409 ALREADY_IMPORTED until that group is deleted. Honours Idempotency-Key.',
  });

  routePair('/api/imports/splitwise', 'splitwise', {
    previewSummary: 'Read a Splitwise group CSV export and propose who each person column is',
    previewDescription:
      'As POST /api/imports/preview with `format` always `splitwise`. multipart/form-data with the file part `file` (Splitwise\'s "Export as spreadsheet" of a group: `Date,Description,Category,Cost,Currency,<person>…`, one row per expense or payment, then `Total balance` rows). Answers the rows found, their dates, currencies, each column\'s total and a proposed mapping (you by name, a friend by name, else a new guest). A file that is not such an export is a 400 VALIDATION_FAILED whose `details` name each problem by line (`field`: "line 7"); so is one of more than 200 person columns or 20,000 expenses and payments (the message names the limit). Evenly\'s own group export (`Original cost` and `Original currency` after `Currency`) is read too. A text cell our export wrote with a single quote before `=`, `+`, `-`, `@`, a tab or a carriage return is read without that quote. Nothing is stored.',
    importSummary: 'Import a Splitwise group CSV export as a new group',
    importDescription:
      'As POST /api/imports with `format` always `splitwise`. multipart/form-data: `file` (the CSV), `groupName`, and `mapping`: a JSON array with one entry per person column, in order, e.g. `[{"kind":"me"},{"kind":"friend","userId":5},{"kind":"guest","name":"Cy"}]`. Creates the group with the friends as members and the guests, then every row: an expense whose split (EXACT) gives each person exactly the net effect of the CSV, or a payment for "Payment" rows; dates, categories and currencies carried over (several currencies: the group keeps them apart). A row of Evenly\'s own export with an `Original cost` is entered again in its original currency with the cost as `convertedAmount` and original parts that convert back to the row\'s cents exactly, so exporting the new group gives the same rows (when no such parts exist, the row is entered in its own currency only). All in one transaction: the new group\'s balances equal the file\'s totals to the cent. The same file (same rows, whatever its export date or line endings) imported again by the same person is refused with 409 ALREADY_IMPORTED until that group is deleted. Honours Idempotency-Key.',
  });
}

interface RouteDoc {
  previewSummary: string;
  previewDescription: string;
  importSummary: string;
  importDescription: string;
}
