import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ItemLabelEntry } from './item-metrics.js';
import { isNonItemName, priceToCents } from './item-metrics.js';

// The hand-labelled line items of issue #35 point 4 (eval/item-labels.json, see docs/receipts.md).
const here = path.dirname(fileURLToPath(import.meta.url));
const labelsFile = path.resolve(here, '../../eval/item-labels.json');
const trainDir = path.resolve(
  process.env['RECEIPTS_DATASETS_DIR'] ?? path.resolve(here, '../../../../../shared/datasets'),
  'receipts-train',
);
const labels = JSON.parse(readFileSync(labelsFile, 'utf8')) as ItemLabelEntry[];

describe('eval/item-labels.json', () => {
  it('labels 40 distinct receipts of receipts-train, each with at least one item', () => {
    expect(labels).toHaveLength(40);
    expect(new Set(labels.map((l) => l.file)).size).toBe(40);
    for (const entry of labels) {
      expect(entry.file).toMatch(/^sroie-train-\d{3}\.jpg$/);
      expect(entry.items.length).toBeGreaterThan(0);
      expect(Object.keys(entry).sort()).toEqual(['file', 'items']);
    }
  });

  it('gives every item a trimmed name, a whole quantity ≥ 1 and a 2-decimal price', () => {
    for (const { items } of labels)
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(['name', 'price', 'quantity']);
        expect(item.name.trim()).toBe(item.name);
        expect(item.name.length).toBeGreaterThan(0);
        expect(Number.isInteger(item.quantity) && item.quantity >= 1).toBe(true);
        expect(item.price).toMatch(/^-?\d+\.\d{2}$/);
        expect(priceToCents(item.price)).not.toBe(0);
        expect(isNonItemName(item.name)).toBe(false);
      }
  });

  it.skipIf(!existsSync(trainDir))('names receipts that are in the dataset', () => {
    const inSet = new Set(
      (
        JSON.parse(readFileSync(path.join(trainDir, 'labels.json'), 'utf8')) as { file: string }[]
      ).map((l) => l.file),
    );
    for (const { file } of labels) {
      expect(inSet.has(file)).toBe(true);
      expect(existsSync(path.join(trainDir, file))).toBe(true);
    }
  });
});
