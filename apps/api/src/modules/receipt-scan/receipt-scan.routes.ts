// POST /api/receipts/scan-and-parse (docs/api.md §4.9): one multipart file part `receipt` in, the
// parsed receipt out. Recognition runs in the scanner's engine processes, never on this thread.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReceiptScanError } from '@evenly/receipts';
import { AppError, BusyError, ValidationError } from '../../errors/app-errors.js';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';
import type { RateLimiter } from '../rate-limit/index.js';

const NO_FILE = 'Please select a receipt file to upload.';

const scanResultSchema = z.object({
  storeName: z.string().nullable().meta({
    description: 'The store as printed, often the registered company ("BANH MI CAFE SDN BHD").',
  }),
  merchantName: z.string().nullable().meta({
    description:
      'What people would write as the description: the shop name in title case without its legal form ("Banh Mi Cafe").',
  }),
  date: z.string().nullable(),
  totalAmount: z.number().nullable(),
  subtotalAmount: z.number().nullable().meta({
    description:
      'The amount before tax and service as the receipt prints it (a subtotal line), or null: what the items should add up to. Example: 16.4',
  }),
  currency: z.string().nullable(),
  items: z
    .array(
      z.object({
        name: z.string(),
        quantity: z.number().int().meta({ description: 'How many (1 when not printed).' }),
        price: z.number().meta({ description: 'The line total (negative for a discount).' }),
        confidence: z.number().meta({ description: '0–1; only lines read cleanly are returned.' }),
      }),
    )
    .meta({
      description:
        'Item lines for splitting by item; empty when none read cleanly. Example: [{ "name": "Wantan Mee", "quantity": 2, "price": 13, "confidence": 0.9 }]',
    }),
  confidence: z.object({ storeName: z.number(), date: z.number(), totalAmount: z.number() }),
  rawText: z.string(),
});

/** A scanner error as the contract's error (same status, code and message). */
class ScanFailedError extends AppError {
  readonly status: number;
  readonly code: string;
  constructor(error: ReceiptScanError) {
    super(error.message);
    this.status = error.status;
    this.code = error.code;
  }
}

export async function receiptScanRoutes(
  app: FastifyInstance,
  { services, rateLimiter }: { services: AppServices; rateLimiter: RateLimiter },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/receipts/scan-and-parse',
    {
      config: { rawBody: true },
      schema: {
        tags: ['Receipts'],
        summary: 'Read a receipt photo, scan or PDF and return what it says (offline OCR)',
        consumes: ['multipart/form-data'],
        response: { 200: scanResultSchema, ...errorResponses(400, 401, 413, 415, 422, 429, 503) },
      },
      preValidation: (request) =>
        rateLimiter.hit([{ key: `scan:user:${request.user.id}`, limit: 20, windowSeconds: 60 }]),
    },
    async (request) => {
      if (!request.isMultipart()) throw new ValidationError(NO_FILE);
      let bytes: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'receipt' && bytes === null) bytes = await part.toBuffer();
          else part.file.resume();
        }
      }
      if (bytes === null || bytes.length === 0) throw new ValidationError(NO_FILE);
      try {
        const result = await services.scanner.scan(bytes);
        return {
          storeName: result.storeName,
          merchantName: result.merchantName,
          date: result.date,
          totalAmount: result.totalAmount,
          subtotalAmount: result.subtotalAmount,
          currency: result.currency,
          items: result.items.map((i) => ({
            name: i.name,
            quantity: i.quantity,
            price: i.price,
            confidence: i.confidence,
          })),
          confidence: result.confidence,
          rawText: result.rawText,
        };
      } catch (error) {
        if (error instanceof ReceiptScanError) {
          if (error.code === 'BUSY') {
            const retry = 'retryAfterSeconds' in error ? Number(error.retryAfterSeconds) : 5;
            throw new BusyError(error.message, retry);
          }
          if (error.code === 'UNREADABLE_RECEIPT')
            request.log.info({ err: error }, 'receipt unreadable');
          throw new ScanFailedError(error);
        }
        throw error;
      }
    },
  );
}
