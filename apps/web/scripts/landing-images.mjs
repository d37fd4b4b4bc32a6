// Makes the landing page's screenshots from docs/screenshots (written by
// `UPDATE_SCREENSHOTS=1 npx vitest run --project e2e e2e/screenshots.e2e.test.ts`): WebP, sized
// for how large the page shows them (twice that for sharp screens), into src/assets/landing/,
// where Vite gives them hashed names that browsers keep. The page loads them lazily.
// Usage: npm run landing:images
import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const out = fileURLToPath(new URL('../src/assets/landing/', import.meta.url));

// The page's <img> width/height attributes (LandingPage.tsx) match these sizes.
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 440, height: 952 };
const IMAGES = [
  ['desktop-group', DESKTOP],
  ['desktop-group-dark', DESKTOP],
  ['groups', PHONE],
  ['group-detail', PHONE],
  ['expense-form', PHONE],
  ['split-dialog', PHONE],
];

mkdirSync(out, { recursive: true });
for (const [name, size] of IMAGES) {
  const target = `${out}${name}.webp`;
  await sharp(`${docs}${name}.png`)
    .resize({ ...size, fit: 'cover', position: 'top' })
    .webp({ quality: 78, effort: 6 })
    .toFile(target);
  console.log(`${name}.webp ${(statSync(target).size / 1024).toFixed(1)} KB`);
}
