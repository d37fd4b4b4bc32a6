#!/usr/bin/env node
/**
 * Fills translations into a web catalog's `.po` files from a JSON file, so a batch of new
 * messages can be translated in one place and written into every language at once:
 *
 *   node scripts/i18n-fill.mjs <catalog> <translations.json> [--force]
 *
 * <catalog> is a folder under apps/web/src/locales (`app`, `public`, `account`, `landing`) or
 * `server` (apps/api/src/locales). The JSON maps each message exactly as it stands in the code
 * (the `.po` msgid, ICU syntax included) to its translations by locale:
 *   { "Add expense": { "de": "Ausgabe hinzufügen", "fr": "Ajouter une dépense", … } }
 * Only empty msgstr are filled unless --force. Prints what it filled and which messages of the
 * JSON the catalog does not hold (run `npm run i18n` first so extraction has added them), then
 * run `npm run i18n` again to compile.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import PO from 'pofile';

const [catalog, jsonPath, ...rest] = process.argv.slice(2);
if (!catalog || !jsonPath) {
  console.error('usage: node scripts/i18n-fill.mjs <catalog> <translations.json> [--force]');
  process.exit(2);
}
const force = rest.includes('--force');
const root = path.resolve(import.meta.dirname, '..');
const dir =
  catalog === 'server'
    ? path.join(root, 'apps/api/src/locales')
    : path.join(root, 'apps/web/src/locales', catalog);
if (!existsSync(dir)) {
  console.error(`no catalog folder ${dir}`);
  process.exit(2);
}
/** @type {Record<string, Record<string, string>>} */
const table = JSON.parse(readFileSync(jsonPath, 'utf8'));
const locales = new Set(Object.values(table).flatMap((t) => Object.keys(t)));
const missing = new Set(Object.keys(table));
for (const locale of locales) {
  const file = path.join(dir, `${locale}.po`);
  if (!existsSync(file)) {
    console.error(`no catalog ${file} (locale ${locale})`);
    process.exitCode = 1;
    continue;
  }
  const po = PO.parse(readFileSync(file, 'utf8'));
  let filled = 0;
  for (const item of po.items) {
    const text = table[item.msgid]?.[locale];
    if (text === undefined) continue;
    missing.delete(item.msgid);
    if (!force && item.msgstr.some((s) => s !== '')) continue;
    item.msgstr = [text];
    filled++;
  }
  writeFileSync(file, po.toString().replace(/\n*$/, '\n'));
  console.log(`${locale}: ${filled} filled`);
}
for (const id of missing) console.warn(`not in the catalog: ${JSON.stringify(id)}`);
