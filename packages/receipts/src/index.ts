export { parseReceiptText } from './parser/parse-receipt.js';
export type {
  FieldConfidence,
  ParsedReceipt,
  ParseOptions,
  ReceiptItem,
} from './parser/parse-receipt.js';
export {
  normaliseStoreName,
  storeNameSimilarity,
  storeNameMatches,
  totalMatches,
  dateMatches,
  percentile,
} from './eval/metrics.js';
