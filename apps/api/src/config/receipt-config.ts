// Settings of receipt scanning: the optional AI parser, and the threads the offline OCR engine
// recognises text on. Read with the rest of the config.
import { opt, url } from './config-values.js';
import type { Env } from './config-values.js';
import { ConfigError } from './config-error.js';

export interface ReceiptConfig {
  /** `RECEIPT_AI_URL` (+ `_MODEL`, `_KEY`): an OpenAI-compatible parser; null = rules only. */
  receiptAi: { url: string; model: string; key: string | null } | null;
  /**
   * `RECEIPT_OCR_THREADS` (default 2, at most 8): threads the OCR engine reads text lines on,
   * each with its own copy of the recogniser. 2 scans about a third faster than 1 on 2 cores, and
   * meets issue #35's 3 s beside a busy process where 1 does not, for about 20–30 MB more memory
   * (docs/operations.md).
   */
  receiptOcrThreads: number;
}

export function loadReceiptConfig(env: Env): ReceiptConfig {
  const aiUrl = opt(env, 'RECEIPT_AI_URL');
  if (aiUrl !== null) url('RECEIPT_AI_URL', aiUrl, ['http:', 'https:']);
  const threadsText = opt(env, 'RECEIPT_OCR_THREADS') ?? '2';
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
