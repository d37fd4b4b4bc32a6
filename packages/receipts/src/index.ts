/**
 * @evenly/receipts: offline receipt scanning for Evenly.
 *
 *   const scanner = createReceiptScanner({ ai: aiOptionsFromEnv() });
 *   const result = await scanner.scan(fileBytes); // ReceiptScanResult, or a ReceiptScanError
 *   await scanner.close();
 */
export { createReceiptScanner, DEFAULT_MAX_FILE_BYTES } from './scan.js';
export type {
  ReceiptScanner,
  ReceiptScannerOptions,
  ReceiptScanResult,
  ReceiptScanDetails,
  ScannerLoad,
} from './scan.js';
export {
  ReceiptScanError,
  UnreadableReceiptError,
  ScannerBusyError,
  UnsupportedMediaTypeError,
  PayloadTooLargeError,
} from './ocr/errors.js';
export { parseReceiptText } from './parser/parse-receipt.js';
export type {
  FieldConfidence,
  ParsedReceipt,
  ParseOptions,
  ReceiptItem,
} from './parser/parse-receipt.js';
export { aiOptionsFromEnv, parseWithAi, parseReceipt } from './ai/ai-parser.js';
export type { AiParserOptions, ParseResultWithSource } from './ai/ai-parser.js';
export { sniffMediaType, sniffReceiptFile } from './input/sniff.js';
export { decodeHeicPixels } from './input/heic.js';
export type { HeicPixels } from './input/heic.js';
export type { ReceiptMediaType, SniffedFile } from './input/sniff.js';
export {
  normaliseStoreName,
  storeNameSimilarity,
  storeNameMatches,
  totalMatches,
  dateMatches,
  percentile,
} from './eval/metrics.js';
