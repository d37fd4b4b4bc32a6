// The trip report in every script the app speaks (issue #33 point 3): a group whose name, members
// and expenses are Japanese, Simplified Chinese and Arabic downloads, for Japanese, Chinese,
// Arabic and English readers, as a PDF whose text pdfjs-dist reads back; every font in it is one
// the app ships (no host font), no glyph drawn is .notdef, and an Arabic line that holds a
// number and a Latin word is in visual order, the page mirrored for the Arabic reader.
import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import * as fontkit from 'fontkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database.js';
import { FACES, shippedFontPath, WEIGHTS } from '../src/modules/trip-report/report-fonts.js';
import type { TestUser } from './support/fixtures.js';
import { createGroup, createUsers } from './support/fixtures.js';
import { caller } from './support/social.js';
import type { TestContext } from './support/test-app.js';
import { createTestContext } from './support/test-app.js';

let ctx: TestContext;
let ann: TestUser;
let groupId: number;
const GROUP = '東京旅行';
const ARABIC_LINE = 'رحلة إلى دبي 2025 Dubai';
const ARABIC_WORDS = 'رحلة إلى دبي';
const NAMES = ['山田 花子', '王伟', 'أحمد'];
const A4_RIGHT = 595.28 - 40;

/** The shipped fonts by PostScript name (what a PDF's /BaseFont says after the subset tag). */
const shipped = new Map<string, fontkit.Font>();
for (const face of FACES) {
  for (const weight of WEIGHTS) {
    const font = fontkit.openSync(shippedFontPath(face, weight));
    if (!('postscriptName' in font)) throw new Error('not a font');
    shipped.set(font.postscriptName, font);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const users = await createUsers(ctx, 'Ann', 'Hanako', 'Wei', 'Ahmad');
  ann = users[0] as TestUser;
  for (const [i, name] of NAMES.entries()) {
    const id = (users[i + 1] as TestUser).id;
    await queryRows(
      ctx.database.handle.db,
      sql`update users set name = ${name} where id = ${id}::int`,
    );
  }
  groupId = await createGroup(ctx.database.handle.db, ann, GROUP, users.slice(1), {
    defaultCurrency: 'EUR',
  });
  for (const [description, amount] of [
    ['ラーメン', 12],
    ['北京烤鸭', 48.5],
    [ARABIC_LINE, 1234.5],
  ] as const) {
    const res = await caller(ctx, ann)('POST', '/api/expenses', {
      groupId,
      description,
      amount,
      currency: 'EUR',
      date: '2025-03-14',
      splitType: 'EQUAL',
      payers: [{ userId: ann.id, amountPaid: amount }],
      splits: users.map((u) => ({ userId: u.id })),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx.close();
});

interface Item {
  str: string;
  dir: string;
  x: number;
  y: number;
  width: number;
}

interface Read {
  bytes: Buffer;
  items: Item[];
  /** Per glyph drawn: its font's PostScript name (subset tag cut), its code (CID) and text. */
  glyphs: { font: string; cid: number; unicode: string }[];
}

async function report(locale: string): Promise<Read> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/groups/${String(groupId)}/report.pdf?locale=${locale}`,
    headers: ann.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const items: Item[] = [];
  const glyphs: Read['glyphs'] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || item.str === '') continue;
      const [, , , , x = 0, y = 0] = item.transform as number[];
      items.push({ str: item.str, dir: item.dir, x, y, width: item.width });
    }
    const ops = await page.getOperatorList();
    let font = '';
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[];
      if (fn === pdfjs.OPS.setFont) {
        const loaded = page.commonObjs.get(String(args[0])) as { name: string };
        font = loaded.name.replace(/^[A-Z]{6}\+/, '');
      } else if (fn === pdfjs.OPS.showText) {
        for (const g of args[0] as unknown[]) {
          if (typeof g !== 'object' || g === null) continue;
          const glyph = g as { originalCharCode: number; unicode: string };
          glyphs.push({ font, cid: glyph.originalCharCode, unicode: glyph.unicode });
        }
      }
    });
  }
  await doc.destroy();
  return { bytes, items, glyphs };
}

const UNESCAPE: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** The ActualText strings of the PDF's content streams (pdfkit writes UTF-16BE literals). */
function actualTexts(bytes: Buffer): string[] {
  const out: string[] = [];
  const raw = bytes.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let body: string;
    try {
      body = inflateSync(bytes.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const a of body.matchAll(/\/ActualText \(\xfe\xff((?:\\.|[^\\)])*)\)/g)) {
      const utf16be = (a[1] ?? '').replace(/\\(.)/gs, (_, c: string) => UNESCAPE[c] ?? c);
      out.push(Buffer.from(utf16be, 'latin1').swap16().toString('utf16le'));
    }
  }
  return out;
}

/**
 * Arabic as its glyphs can tell it: letters only, and the letters one glyph draws with or without
 * dots or hamza (beh, teh, noon, yeh and alef maksura; the alefs; heh and teh marbuta) as one.
 */
const arabicLetters = (s: string) =>
  s
    // Spaces too: pdfjs puts them where it finds gaps between glyphs, and marks leave some.
    .replace(/[^\p{Script=Arabic}]/gu, '')
    .replace(/[بتثنيى]/g, 'ٮ')
    .replace(/[أإآا]/g, 'ا')
    .replace(/[ةه]/g, 'ه');

describe.each(['ja', 'zh-CN', 'ar', 'en-US'])('trip report for a %s reader', (locale) => {
  let read: Read;
  beforeAll(async () => {
    read = await report(locale);
  });

  it('prints the Japanese and Chinese text', () => {
    // A line's items joined left to right (a run of Han that only the other country's font has,
    // like 鸭 in a Japanese report, is an item of its own).
    const lines = new Map<number, Item[]>();
    for (const i of read.items)
      lines.set(Math.round(i.y), [...(lines.get(Math.round(i.y)) ?? []), i]);
    const text = [...lines.values()]
      .map((l) =>
        l
          .sort((a, b) => a.x - b.x)
          .map((i) => i.str)
          .join(''),
      )
      .join('\n');
    for (const s of [GROUP, 'ラーメン', '北京烤鸭', ...NAMES.slice(0, 2)])
      expect(text).toContain(s);
  });

  it('uses only the shipped fonts, and draws no missing glyph', () => {
    const baseFonts = [...read.bytes.toString('latin1').matchAll(/\/BaseFont \/([^\s/>]+)/g)];
    expect(baseFonts.length).toBeGreaterThan(0);
    for (const [, name = ''] of baseFonts) {
      expect(shipped.has(name.replace(/^[A-Z]{6}\+/, '')), name).toBe(true);
    }
    expect(read.glyphs.length).toBeGreaterThan(100);
    for (const g of read.glyphs) {
      // CID 0 is .notdef in pdfkit's subsets.
      expect(g.cid, `${g.font} ${g.unicode}`).not.toBe(0);
      // What the glyph stands for is in the font that drew it (Arabic marks of their own, dots
      // and hamzas, stand for no character: skipped).
      const cp = g.unicode.codePointAt(0) ?? 0;
      if (cp >= 0x20) {
        expect(shipped.get(g.font)?.hasGlyphForCodePoint(cp), `${g.font} ${g.unicode}`).toBe(true);
      }
    }
    const faces = new Set(read.glyphs.map((g) => g.font));
    expect(faces).toContain('NotoSansArabic-Regular');
    expect(faces).toContain(locale === 'zh-CN' ? 'NotoSansSC-Regular' : 'NotoSansJP-Regular');
  });

  it('sets the Arabic description in visual order, its number and Latin word left to right', () => {
    // pdfjs reads the glyphs left to right and, seeing right-to-left letters, gives the run
    // back in logical order (dir "rtl"). Shaped Arabic draws dots and hamzas as glyphs of their
    // own that stand for no character, and one glyph serves letters that differ only by them,
    // so the run's letters come back as the glyphs map them (to the first letter each drew):
    // compared as those glyphs can tell them apart.
    const arabic = read.items.find(
      (i) => i.dir === 'rtl' && arabicLetters(i.str).startsWith(arabicLetters('رحلة')),
    );
    expect(arabicLetters(arabic?.str ?? '')).toBe(arabicLetters(ARABIC_WORDS));
    // The description is isolated in the direction of its first letter (as HTML's <bdi>), so it
    // reads from the right for every reader: the Arabic, then 2025, then Dubai; left to right on
    // the page: Dubai, 2025, the Arabic.
    const line = read.items
      .filter((i) => Math.abs(i.y - (arabic?.y ?? NaN)) < 3)
      .sort((a, b) => a.x - b.x);
    expect(
      line
        .map((i) => i.str)
        .join('')
        .replace(/\s+/g, ' '),
    ).toMatch(/Dubai 2025 ?رحلة/);
    // The words as written, for copying and search (ActualText of the run).
    expect(actualTexts(read.bytes)).toContain(`${ARABIC_WORDS} `);
  });

  it('mirrors the page for the Arabic reader', () => {
    const title = read.items.find((i) => i.str === GROUP);
    if (locale === 'ar') expect((title?.x ?? 0) + (title?.width ?? 0)).toBeCloseTo(A4_RIGHT, 0);
    else expect(title?.x).toBeCloseTo(40, 0);
    expect(read.bytes.length).toBeLessThan(400_000);
  });
});
