/**
 * What cross-validation trains and tests: a "trainer" gets the labelled receipts of the training
 * folds and returns the parser to check on the held-out fold. Today's rule-based parser learns
 * nothing, so its trainer ignores them; a ranking model (issue #35, point 2) plugs in here.
 */
import type { OcrTextLine } from '../../src/ocr/protocol.js';
import { parseReceiptText } from '../../src/parser/parse-receipt.js';
import type { ParsedReceipt } from '../../src/parser/parse-receipt.js';
import type { LabelledReceipt } from './datasets.js';

/** What the parser sees of a receipt: the OCR text and, from the engine, the lines' boxes. */
export interface OcrDocument {
  text: string;
  lines: OcrTextLine[];
}

export interface TrainingExample {
  receipt: LabelledReceipt;
  doc: OcrDocument;
}

export type ReceiptParser = (doc: OcrDocument) => ParsedReceipt;

export interface Trainer {
  name: string;
  train(examples: readonly TrainingExample[]): ReceiptParser;
}

export const rulesTrainer: Trainer = {
  name: 'rule-based parser (src/parser; trains on nothing)',
  train: () => (doc) => parseReceiptText(doc.text),
};
