// Settings of receipt scanning: the optional AI parser, and the threads the offline OCR engine
// recognises text on. Read with the rest of the config.
import { opt, url } from './config-values.js';
import type { Env } from './config-values.js';
import { ConfigError } from './config-error.js';

export interface ReceiptConfig {
  /** `RECEIPT_AI_URL` (+ `_MODEL`, `_KEY`): an OpenAI-compatible parser; null = rules only. */
  receiptAi: { url: string; model: string; key: string | null } | null;
  /**
   * `RECEIPT_OCR_THREADS` (default 1, at most 8): threads the OCR engine reads text lines on,
   * each with its own copy of the recogniser. One keeps the scanning server's whole process tree
   * within issue #35's 700 MB (613–623 MB sampled on 2026-12-01, against 654–708 MB with two);
   * two scan about a quarter faster on 2 cores (docs/operations.md).
   */
  receiptOcrThreads: number;
}

export function loadReceiptConfig(env: Env): ReceiptConfig {
  const aiUrl = opt(env, 'RECEIPT_AI_URL');
  if (aiUrl !== null) url('RECEIPT_AI_URL', aiUrl, ['http:', 'https:']);
  const threadsText = opt(env, 'RECEIPT_OCR_THREADS') ?? '1';
  if (!/^[1-8]$/.test(threadsText)) {
    throw new ConfigError(
      'RECEIPT_OCR_THREADS',
      `must be a whole number from 1 to 8 (got "${threadsText}")`,
    );
  }
  return {
    receiptAi:
      aiUrl === null
        ? null
        : {
            url: aiUrl.replace(/\/+$/, ''),
            model: opt(env, 'RECEIPT_AI_MODEL') ?? 'gpt-4o-mini',
            key: opt(env, 'RECEIPT_AI_KEY'),
          },
    receiptOcrThreads: Number(threadsText),
  };
}
