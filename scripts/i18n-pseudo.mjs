// Finishes the pseudo-locale after `lingui compile` (issue #32): Lingui's pseudo-localisation
// only accents the letters; this brackets each message and makes it about 40% longer, so a
// screenshot shows where a message starts and ends and whether a longer language still fits.
// Rewrites every compiled `pseudo.ts` of lingui.config.ts's catalogs in place; run by
// `npm run i18n` and `npm run i18n:check`. Running it twice changes nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig({ cwd: root, configPath: join(root, 'lingui.config.ts') });
const PREFIX =
  /^(\/\*eslint-disable\*\/import type\{Messages\}from"@lingui\/core";export const messages=JSON\.parse\()(".*")(\)\s*as Messages;\s*)$/s;

/** The number of characters a person sees in a compiled message (placeholders not counted). */
function visibleLength(parts) {
  let n = 0;
  for (const part of parts) {
    if (typeof part === 'string') n += part.length;
    else if (Array.isArray(part) && part[2] && typeof part[2] === 'object') {
      // A plural or select: its longest form.
      n += Math.max(0, ...Object.values(part[2]).map((form) => visibleLength([form].flat())));
    }
  }
  return n;
}

function stretch(message) {
  const parts = Array.isArray(message) ? [...message] : [message];
  if (typeof parts[0] === 'string' && parts[0].startsWith('[')) return parts; // already done
  // In words of up to five, so that a long message can still wrap as a real one would.
  const padding = ('~'.repeat(Math.ceil(visibleLength(parts) * 0.4)).match(/~{1,5}/g) ?? []).join(
    ' ',
  );
  if (typeof parts[0] === 'string') parts[0] = `[${parts[0]}`;
  else parts.unshift('[');
  const end = `${padding ? ` ${padding}` : ''}]`;
  if (typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += end;
  else parts.push(end);
  return parts;
}

let files = 0;
for (const catalog of config.catalogs) {
  const path = catalog.path.replace('<rootDir>/', '');
  const file =
    `${isAbsolute(path) ? path : join(root, path)}`.replace('{locale}', 'pseudo') + '.ts';
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  const match = PREFIX.exec(text);
  if (match === null) throw new Error(`${file}: not the shape lingui compile writes`);
  const messages = JSON.parse(JSON.parse(match[2]));
  for (const id of Object.keys(messages)) messages[id] = stretch(messages[id]);
  writeFileSync(file, `${match[1]}${JSON.stringify(JSON.stringify(messages))}${match[3]}`);
  files += 1;
}
console.log(`Pseudo-locale bracketed and lengthened in ${files} catalog(s).`);
