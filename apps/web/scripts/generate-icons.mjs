// Renders the Evenly mark to the PWA PNG icons with headless Chromium (no native image deps).
// Usage: node apps/web/scripts/generate-icons.mjs  (needs /usr/bin/chromium)
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const BRAND = '#0f7b66';

function svg(size, { maskable }) {
  // Maskable icons keep the mark inside the 80 % safe zone on a full-bleed background.
  const radius = maskable ? 0 : size * 0.22;
  const inset = maskable ? size * 0.2 : size * 0.0;
  const inner = size - inset * 2;
  const bar = inner * 0.1;
  const x1 = inset + inner * 0.28;
  const x2 = inset + inner * 0.72;
  const y1 = inset + inner * 0.38;
  const y2 = inset + inner * 0.62;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#14a085"/><stop offset="1" stop-color="${BRAND}"/></linearGradient></defs>
    <rect width="${size}" height="${size}" rx="${radius}" fill="url(#g)"/>
    <path d="M${x1} ${y1}H${x2}M${x1} ${y2}H${x2}" stroke="#fff" stroke-width="${bar}" stroke-linecap="round"/>
  </svg>`;
}

const targets = [
  { file: 'pwa-192.png', size: 192, maskable: false },
  { file: 'pwa-512.png', size: 512, maskable: false },
  { file: 'pwa-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const t of targets) {
    await page.setViewportSize({ width: t.size, height: t.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(t.size, t)}</body></html>`,
    );
    await page.locator('svg').screenshot({ path: join(publicDir, t.file), omitBackground: true });
    console.log(`wrote ${t.file}`);
  }
} finally {
  await browser.close();
}
