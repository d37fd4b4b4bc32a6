// Prints the gzip size of the JavaScript a first visit downloads (entry script plus its
// modulepreloaded static imports, as listed in dist/index.html) and checks it against the budget.
// Usage: npm run build -w @evenly/web && npm run budget:web
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const BUDGET_KB = 100;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let html;
try {
  html = readFileSync(join(dist, 'index.html'), 'utf8');
} catch {
  console.error('apps/web/dist/index.html not found: run `npm run build -w @evenly/web` first.');
  process.exit(1);
}

const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
  (m) => m[1],
);
const files = [...new Set([...scripts, ...preloads])];

let total = 0;
for (const file of files) {
  const bytes = readFileSync(join(dist, file.replace(/^\//, '')));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz  ${file}`);
}
const kb = total / 1024;
console.log(`Initial JS: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('Over budget.');
  process.exit(1);
}
