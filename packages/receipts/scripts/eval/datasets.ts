/**
 * The labelled receipt sets the evaluation reads (/work/shared/datasets next to the repository,
 * or RECEIPTS_DATASETS_DIR), and the committed shop grouping that cross-validation folds by.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Label {
  file: string;
  storeName: string;
  date: string;
  dateAlternatives: string[];
  total: number;
  ocrFile?: string;
}

/** A labelled receipt of one of the sets; `id` is "<set>/<file>". */
export interface LabelledReceipt extends Label {
  id: string;
  set: string;
  imagePath: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const PACKAGE_DIR = path.resolve(here, '../..');
export const DATASETS_DIR = path.resolve(
  process.env['RECEIPTS_DATASETS_DIR'] ?? path.join(PACKAGE_DIR, '../../../shared/datasets'),
);
/** The sets cross-validation pools: the tuning set and the dev set (never the held-out set). */
export const CV_SETS = ['receipts-train', 'receipts-dev'] as const;
export const SHOP_GROUPS_FILE = path.join(PACKAGE_DIR, 'eval/shop-groups.json');
/** Generated, machine-local files (OCR cache, photo set): gitignored. */
export const EVAL_CACHE_DIR = path.join(PACKAGE_DIR, '.eval-cache');

export async function loadSet(dir: string, set = path.basename(dir)): Promise<LabelledReceipt[]> {
  const labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as Label[];
  return labels.map((l) => ({
    ...l,
    id: `${set}/${l.file}`,
    set,
    imagePath: path.join(dir, l.file),
  }));
}

export async function loadCvReceipts(): Promise<LabelledReceipt[]> {
  const sets = await Promise.all(CV_SETS.map((s) => loadSet(path.join(DATASETS_DIR, s))));
  return sets.flat();
}

export interface ShopGroupsFile {
  note: string;
  folds: number;
  seed: number;
  groups: { shop: string; fold: number; storeNames: string[]; receipts: string[] }[];
}

export async function loadShopGroups(): Promise<ShopGroupsFile> {
  return JSON.parse(await readFile(SHOP_GROUPS_FILE, 'utf8')) as ShopGroupsFile;
}
