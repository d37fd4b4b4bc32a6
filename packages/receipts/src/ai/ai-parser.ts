/**
 * Optional AI parser: sends the OCR text to an OpenAI-compatible `{url}/chat/completions`,
 * validates the JSON answer with zod, and falls back to the rule-based parser on any error,
 * invalid answer or timeout (20 s by default).
 */
import { z } from 'zod';
import { extractSubtotal, parseReceiptText } from '../parser/parse-receipt.js';
import { centsToNumber, toLines } from '../parser/text.js';
import { merchantNameOf } from '../parser/merchant-name.js';
import { isChargeOrPaymentLine } from '../parser/non-items.js';
import type { ParsedReceipt } from '../parser/parse-receipt.js';

export interface AiParserOptions {
  /** Base URL; the parser calls `{url}/chat/completions`. */
  url: string;
  /** Model name, default `gpt-4o-mini`. */
  model?: string;
  /** Sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Default 20 000 ms. */
  timeoutMs?: number;
  /** For tests. */
  fetch?: typeof fetch;
}

/** Reads RECEIPT_AI_URL, RECEIPT_AI_MODEL and RECEIPT_AI_KEY; null when RECEIPT_AI_URL is unset. */
export function aiOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): AiParserOptions | null {
  const url = env['RECEIPT_AI_URL']?.trim();
  if (!url) return null;
  const options: AiParserOptions = { url, model: env['RECEIPT_AI_MODEL']?.trim() || 'gpt-4o-mini' };
  const key = env['RECEIPT_AI_KEY']?.trim();
  if (key) options.apiKey = key;
  return options;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === s &&
      s >= '1900-01-01' &&
      s <= '2100-12-31'
    );
  });
const money = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(?:\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().finite());
const unit = z.number().min(0).max(1);

const aiAnswer = z.object({
  storeName: z.string().trim().min(1).max(200).nullable().optional(),
  date: isoDate.nullable().optional(),
  totalAmount: money.nullable().optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((s) => s.toUpperCase())
    .nullable()
    .optional(),
  items: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        quantity: z.number().int().min(1).max(999).optional(),
        price: money,
      }),
    )
    .max(500)
    .optional(),
  confidence: z.object({ storeName: unit, date: unit, totalAmount: unit }).partial().optional(),
});

const SYSTEM_PROMPT = [
  'You extract data from the OCR text of a shopping receipt.',
  'Answer with one JSON object only, no prose, with these keys:',
  '"storeName" (merchant name as printed, string or null), "date" (purchase date as YYYY-MM-DD or null;',
  "decide day-first vs month-first from the receipt's country and other dates on it),",
  '"totalAmount" (final amount payable after tax and rounding, a number, not the subtotal, tax, cash tendered or change; or null),',
  '"currency" (ISO 4217 code or null), "items" (array of {"name", "quantity", "price"}, price the line total; discounts negative),',
  '"confidence" ({"storeName","date","totalAmount"} each 0 to 1).',
].join(' ');

/** The printed subtotal (major units) not above `total`, read by the rules; null when none. */
function subtotalOf(rawText: string, total: number | null): number | null {
  const cents = extractSubtotal(toLines(rawText), total === null ? null : Math.round(total * 100));
  return cents === null ? null : centsToNumber(cents);
}

function round2(n: number): number {
  const r = Math.round(n * 100) / 100;
  return r === 0 ? 0 : r;
}

function extractJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const body = (fenced?.[1] ?? content).trim();
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('no JSON object in the answer');
  return JSON.parse(body.slice(start, end + 1)) as unknown;
}

/** Asks the AI model; throws on any transport, protocol or validation problem. */
export async function parseWithAi(
  rawText: string,
  options: AiParserOptions,
): Promise<ParsedReceipt> {
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;
  const res = await doFetch(`${options.url.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers,
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    body: JSON.stringify({
      model: options.model ?? 'gpt-4o-mini',
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: rawText.slice(0, 20_000) },
      ],
    }),
  });
  if (!res.ok) throw new Error(`AI endpoint answered ${res.status}`);
  const body = z
    .object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) })
    .parse(await res.json());
  const answer = aiAnswer.parse(extractJson(body.choices[0]?.message.content ?? ''));

  const storeName = answer.storeName ?? null;
  const date = answer.date ?? null;
  const totalAmount =
    answer.totalAmount === null || answer.totalAmount === undefined
      ? null
      : round2(answer.totalAmount);
  const conf = (value: unknown, given: number | undefined): number =>
    value === null ? 0 : (given ?? 0.85);
  return {
    storeName,
    merchantName: merchantNameOf(storeName),
    date,
    totalAmount,
    // The subtotal as the rules read it from the same text (the model is not asked for it).
    subtotalAmount: subtotalOf(rawText, totalAmount),
    currency: answer.currency ?? null,
    // The model gives no per-item confidence: its items are taken as read cleanly.
    // A model, too, lists "Service Charge" or "Tax" as items now and then: never items (#31).
    items: (answer.items ?? [])
      .filter((i) => !isChargeOrPaymentLine(i.name.toUpperCase()))
      .map((i) => ({
        name: i.name,
        quantity: i.quantity ?? 1,
        price: round2(i.price),
        confidence: 0.8,
      })),
    confidence: {
      storeName: conf(storeName, answer.confidence?.storeName),
      date: conf(date, answer.confidence?.date),
      totalAmount: conf(totalAmount, answer.confidence?.totalAmount),
    },
  };
}

export interface ParseResultWithSource {
  parsed: ParsedReceipt;
  parser: 'ai' | 'rules';
  /** Why the AI parser was not used, when it was configured. */
  aiError?: string;
}

/** AI parser when configured, else (or on any AI failure) the rule-based parser. */
export async function parseReceipt(
  rawText: string,
  ai: AiParserOptions | null,
): Promise<ParseResultWithSource> {
  if (ai) {
    try {
      return { parsed: await parseWithAi(rawText, ai), parser: 'ai' };
    } catch (err) {
      return {
        parsed: parseReceiptText(rawText),
        parser: 'rules',
        aiError: err instanceof Error ? err.message : String(err),
      };
    }
  }
  return { parsed: parseReceiptText(rawText), parser: 'rules' };
}
