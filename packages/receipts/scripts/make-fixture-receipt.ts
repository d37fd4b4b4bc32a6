/**
 * Draws the synthetic receipt used by tests (packages/receipts/fixtures, e2e/fixtures): a US-style
 * shop receipt, printed in a monospace font on off-white paper, a little rotated and blurred like
 * a phone photo. Made here so the tests carry no third-party image.
 *   npx tsx packages/receipts/scripts/make-fixture-receipt.ts
 * It writes corner-grocery.jpg here (copy it to e2e/fixtures/ too) and corner-grocery.png in the
 * system's temporary folder, from which the HEIC copy is made with libheif's HEVC encoder (Debian
 * package libheif-examples, only needed to remake the fixture):
 *   heif-enc --no-alpha -q 60 -o packages/receipts/fixtures/corner-grocery.heic /tmp/corner-grocery.png
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '../fixtures');

const lines: [string, string][] = [
  ['CORNER GROCERY', ''],
  ['123 MAIN ST', ''],
  ['SPRINGFIELD, IL 62704', ''],
  ['TEL 217-555-0100', ''],
  ['03/14/2025 10:42 AM', ''],
  ['', ''],
  ['MILK 1L', '3.20'],
  ['BREAD', '2.50'],
  ['EGGS 12CT', '4.10'],
  ['APPLES 1.5LB', '5.20'],
  ['COFFEE BEANS', '6.60'],
  ['', ''],
  ['SUBTOTAL', '21.60'],
  ['SALES TAX', '1.80'],
  ['TOTAL', '23.40'],
  ['VISA', '23.40'],
  ['', ''],
  ['THANK YOU', ''],
];

const width = 560;
const lineHeight = 38;
const height = 80 + lines.length * lineHeight;
const text = lines
  .map(([left, right], i) => {
    const y = 60 + i * lineHeight;
    const centred = right === '' && (i < 5 || i === lines.length - 1);
    const l = centred
      ? `<text x="${width / 2}" y="${y}" text-anchor="middle">${left}</text>`
      : `<text x="40" y="${y}">${left}</text>`;
    const r = right ? `<text x="${width - 40}" y="${y}" text-anchor="end">${right}</text>` : '';
    return l + r;
  })
  .join('\n');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#f4f1ea"/>
<g font-family="DejaVu Sans Mono, monospace" font-size="24" fill="#2a2a2a">${text}</g>
</svg>`;

await mkdir(outDir, { recursive: true });
const png = await sharp(Buffer.from(svg))
  .rotate(1.2, { background: '#9a9a94' })
  .blur(0.6)
  .png()
  .toBuffer();
await sharp(png).png().toFile(path.join(tmpdir(), 'corner-grocery.png'));
await sharp(png).jpeg({ quality: 82 }).toFile(path.join(outDir, 'corner-grocery.jpg'));
console.log(`wrote ${outDir}/corner-grocery.jpg and ${tmpdir()}/corner-grocery.png`);
