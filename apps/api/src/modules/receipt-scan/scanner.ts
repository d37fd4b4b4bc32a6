// The receipt scanner this process uses: offline OCR, plus the AI reader when RECEIPT_AI_URL is
// set, timed for the metrics when they are on. Its engine processes start on the first scan.
import { aiOptionsFromEnv, createReceiptScanner } from '@evenly/receipts';
import type { ReceiptScanner } from '@evenly/receipts';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { timedScanner } from '../../metrics/timed-scanner.js';

export function makeScanner(deps: Pick<ServiceDeps, 'config' | 'observeScan'>): ReceiptScanner {
  const ai = deps.config.receiptAi;
  const scanner = createReceiptScanner({
    recogniserThreads: deps.config.receiptOcrThreads,
    ai:
      ai === null
        ? null
        : aiOptionsFromEnv({
            RECEIPT_AI_URL: ai.url,
            RECEIPT_AI_MODEL: ai.model,
            ...(ai.key === null ? {} : { RECEIPT_AI_KEY: ai.key }),
          }),
  });
  const observe = deps.observeScan;
  return observe === undefined ? scanner : timedScanner(scanner, observe);
}
