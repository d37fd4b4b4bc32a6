// `npm run i18n:check` (part of `npm run lint`, so CI runs it; issue #32): the committed message
// catalogs are what the code says, and every language is complete.
// 1. Runs `lingui extract --clean`, `lingui compile --typescript` and scripts/i18n-pseudo.mjs
//    (the same as `npm run i18n`)
//    and fails when that changed, added or removed any catalog file: a message was added,
//    changed or removed in the code without `npm run i18n` and a commit.
// 2. Fails when a catalog of a language other than English (the source) or the generated
//    pseudo-locale has a message without a translation.
// It leaves the regenerated files in place, so `git diff` shows what to commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = 'en';
const GENERATED = 'pseudo';

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

function git(args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

const { getConfig } = await import('@lingui/conf');
const config = getConfig({ cwd: root, configPath: join(root, 'lingui.config.ts') });
/** Each catalog's folder (relative to the repository) and file name pattern. */
const catalogs = config.catalogs.map((c) => {
  const path = c.path.replace('<rootDir>/', '');
  return isAbsolute(path) ? relative(root, path) : path;
});
const folders = catalogs.map((path) => path.slice(0, path.lastIndexOf('/')));

run('npx', ['lingui', 'extract', '--clean']);
run('npx', ['lingui', 'compile', '--typescript']);
run('node', ['scripts/i18n-pseudo.mjs']);

const problems = [];
const changed = git(['status', '--porcelain', '--untracked-files=all', '--', ...folders])
  .split('\n')
  .filter((line) => line.trim() !== '');
for (const line of changed) {
  problems.push(
    `not committed after \`npm run i18n\`: ${line.slice(3)} (${line.slice(0, 2).trim()})`,
  );
}

const po = formatter({ lineNumbers: false });
for (const path of catalogs) {
  for (const locale of config.locales) {
    if (locale === SOURCE || locale === GENERATED) continue;
    const file = join(root, `${path.replace('{locale}', locale)}.po`);
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      problems.push(`missing catalog: ${file}`);
      continue;
    }
    const messages = await po.parse(text, { locale, sourceLocale: SOURCE, filename: file });
    for (const [id, message] of Object.entries(messages)) {
      if (message.obsolete) continue;
      if (!message.translation) {
        problems.push(
          `no ${locale} translation in ${path}: ${JSON.stringify(message.message ?? id)}`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} catalog problem(s). Run \`npm run i18n\`, translate what is missing ` +
      '(docs/i18n.md), and commit the catalogs.',
  );
  process.exit(1);
}
console.log(`Message catalogs up to date and complete (${catalogs.length} catalogs).`);
