/**
 * Writes eval/shop-groups.json: the receipts of receipts-train ∪ receipts-dev grouped by shop
 * (rules in src/eval/shop-groups.ts) and dealt into 5 cross-validation folds with a fixed seed.
 *   npm run receipts:shop-groups            # write the file
 *   npm run receipts:shop-groups -- --check # exit 1 when the committed file is out of date
 */
import { readFile, writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import type { ShopGroupsFile } from './eval/datasets.js';
import { SHOP_GROUPS_FILE } from './eval/datasets.js';
import { buildShopGroups, FOLDS, shopGroupsText } from './eval/shop-groups-file.js';

const file = await buildShopGroups();
// Written as the project's Prettier settings format it, so `prettier --check` passes as is.
const text = await format(shopGroupsText(file), {
  ...(await resolveConfig(SHOP_GROUPS_FILE)),
  filepath: SHOP_GROUPS_FILE,
});
if (process.argv.includes('--check')) {
  const committed = await readFile(SHOP_GROUPS_FILE, 'utf8').catch(() => '{}');
  // Compared as data: formatting is Prettier's business.
  if (shopGroupsText(JSON.parse(committed) as ShopGroupsFile) !== shopGroupsText(file)) {
    console.error(`${SHOP_GROUPS_FILE} is out of date: run npm run receipts:shop-groups`);
    process.exitCode = 1;
  } else console.log('shop groups up to date');
} else {
  await writeFile(SHOP_GROUPS_FILE, text);
  const sizes = new Array<number>(FOLDS).fill(0);
  for (const g of file.groups) sizes[g.fold] = (sizes[g.fold] ?? 0) + g.receipts.length;
  console.log(
    `${file.groups.length} shops, receipts per fold: ${sizes.join(', ')} → ${SHOP_GROUPS_FILE}`,
  );
}
