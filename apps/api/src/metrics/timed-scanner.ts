// A receipt scanner that reports how long each scan took and how it ended (for the metrics).
import { ReceiptScanError } from '@evenly/receipts';
import type { ReceiptScanner } from '@evenly/receipts';

/** `seconds` from hand-over to answer; `outcome` is `ok`, a scanner error code in lower case, or `error`. */
export type ScanObserver = (seconds: number, outcome: string) => void;

export function scanOutcome(error: unknown): string {
  return error instanceof ReceiptScanError ? error.code.toLowerCase() : 'error';
}

export function timedScanner(scanner: ReceiptScanner, observe: ScanObserver): ReceiptScanner {
  return {
    ...scanner,
    async scan(file) {
      const started = performance.now();
      try {
        const result = await scanner.scan(file);
        observe((performance.now() - started) / 1000, 'ok');
        return result;
      } catch (error) {
        observe((performance.now() - started) / 1000, scanOutcome(error));
        throw error;
      }
    },
  };
}
