// The junk fuzz-openapi.test.ts puts in bodies, path and query parameters, content types and
// multipart forms: fixed lists, plus a few values drawn from SEED so every run sends the same.
import fc from 'fast-check';
import { multipart, PNG } from './ledger.js';

export const SEED = 20_261_123;

/**
 * Raw JSON texts put in place of one body property at a time: every property gets the first
 * list (one of each wrong type), and a share of the second in turn.
 */
export const JUNK_EACH: string[] = [
  'null',
  'true',
  '0',
  '-1',
  '1.5',
  '1e400',
  '""',
  '"x"',
  '"\\u0000"',
  '"\\ud800"',
  '[]',
  '{"a":{"b":[1,{"c":null}]}}',
  JSON.stringify('x'.repeat(100_000)),
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
];

export const JUNK_SHARED: string[] = [
  'false',
  '-0',
  '0.005',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '99999999.995',
  '100000000',
  '" "',
  '"-1"',
  '"1e5"',
  '"NaN"',
  '"Infinity"',
  '"12.345"',
  '"１２"',
  '"é\\u202e🍕"',
  '"2025-02-30"',
  '"9999-99-99"',
  '[null]',
  '[1,2,3]',
  '[[[]]]',
  '{}',
];

export const INVALID_JSON = [
  '{bad',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":}',
  '{"a" 1}',
  '{"a":"\\x"}',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
];

export const WHOLE_BODY_JUNK = [
  'null',
  '[]',
  '0',
  '-1',
  '1e400',
  '"text"',
  'true',
  '{"a":{"b":[1,{"c":null}]}}',
  `1${'0'.repeat(10_000)}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
];

/** Bytes that are not UTF-8: a stray continuation byte, 0xFF, an overlong "/", a surrogate. */
export const NOT_UTF8 = [[0x80], [0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]];

export const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/vnd.api+json',
  ';;;',
  'multipart/mixed; boundary=x',
  'text/event-stream',
  'image/png',
];

/** Raw (already URL-encoded) path segments in place of one path parameter. */
export const BAD_PATH_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '%20',
  '%201',
  '%00',
  '1%00',
  '%FF',
  '%E2%82',
  '%',
  '%2F',
  '..',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '%C3%A9',
  '%F0%9F%8D%95',
  '9999999999999999',
  '99999999999999999999',
  '9223372036854775808',
  '00001',
  '+1',
  '0x1',
  'null',
  '1;2',
  'x'.repeat(600),
];

export const BAD_QUERY_VALUES = [
  '',
  '-1',
  '0',
  '1001',
  '1.5',
  'abc',
  '%00',
  '%FF',
  '%C3%A9',
  '99999999999999999999',
  'x'.repeat(5000),
];

export const CURSOR_KEY_JUNK: unknown[] = [
  '2025-02-30',
  '2025-02-30T00:00:00.000000Z',
  '9999-12-31T23:59:59.999999Z',
  '0001-01-01',
  '2025-13-01',
  'x',
  '',
  0,
  -1,
  2_147_483_647,
  2_147_483_648,
  1.5,
  null,
];

export const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export const BAD_CURSORS = [
  'abc',
  '!!!',
  base64url('{"a":1}'),
  base64url('[]'),
  base64url('null'),
  base64url('[1,2,3,4,5,6]'),
  base64url('["\\u0000"]'),
  base64url('[1e300]'),
  base64url(`[${'['.repeat(1000)}${']'.repeat(1000)}]`),
  'A'.repeat(600),
];

/** Query strings added to any operation. */
export const ODD_QUERIES = [
  '__proto__[polluted]=1',
  'constructor=1&constructor=2',
  'a=%ZZ',
  'a[b][c]=1',
  `${'a=1&'.repeat(2000)}b=2`,
];

export const SEEDED_JUNK: string[] = fc
  .sample(fc.jsonValue({ maxDepth: 2 }), { seed: SEED, numRuns: 6 })
  .map((v) => JSON.stringify(v))
  .concat(
    fc
      .sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed: SEED, numRuns: 4 })
      .map((s) => JSON.stringify(s)),
  );

export function bytesWithin(text: string, at: number, bad: number[]): Buffer {
  return Buffer.concat([
    Buffer.from(text.slice(0, at)),
    Buffer.from(bad),
    Buffer.from(text.slice(at)),
  ]);
}

const MULTIPART_DISPOSITION = 'Content-Disposition: form-data; name="expenseData"\r\n\r\n';
export const MALFORMED_MULTIPART: [string, string, (text: string) => string][] = [
  ['no boundary', 'multipart/form-data', (t) => `--x\r\n${MULTIPART_DISPOSITION}${t}\r\n--x--\r\n`],
  [
    'no closing boundary',
    'multipart/form-data; boundary=x',
    (t) => `--x\r\n${MULTIPART_DISPOSITION}${t}`,
  ],
  [
    'boundary mismatch',
    'multipart/form-data; boundary=y',
    (t) => `--x\r\n${MULTIPART_DISPOSITION}${t}\r\n--x--\r\n`,
  ],
  [
    'over-long boundary',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
    (t) => `--${'b'.repeat(300)}\r\n${MULTIPART_DISPOSITION}${t}\r\n--${'b'.repeat(300)}--\r\n`,
  ],
  ['empty boundary', 'multipart/form-data; boundary=', (t) => `--\r\n${MULTIPART_DISPOSITION}${t}`],
  [
    'part without headers',
    'multipart/form-data; boundary=x',
    (t) => `--x\r\n\r\n${t}\r\n--x--\r\n`,
  ],
  [
    'file part cut short',
    'multipart/form-data; boundary=x',
    () => '--x\r\nContent-Disposition: form-data; name="receiptFile"; filename="a"\r\n\r\nabc',
  ],
];

/** Well-formed multipart bodies with odd parts. */
export function oddMultiparts(dataText: string) {
  const notUtf8 = bytesWithin(dataText, Math.max(1, dataText.indexOf('"', 2) + 1), [0xff]);
  return [
    multipart([{ name: 'expenseData', value: notUtf8 }]),
    multipart([{ name: 'expenseData', value: notUtf8, contentType: 'application/json' }]),
    multipart([{ name: 'expenseData', value: '[1]' }]),
    multipart([{ name: 'expenseData', value: 'null', contentType: 'application/json' }]),
    multipart([{ name: 'expenseData', value: '{bad', contentType: 'application/json' }]),
    multipart([{ name: 'expenseData', value: dataText, filename: 'data.json' }]),
    multipart([{ name: '__proto__', value: '1' }]),
    multipart([{ name: 'constructor', value: '{}', contentType: 'application/json' }]),
    multipart([
      { name: 'expenseData', value: dataText },
      { name: 'receiptFile', value: 'plain text', filename: 'r.txt' },
    ]),
    multipart([
      { name: 'receipt', value: 'plain text', filename: 'r.txt', contentType: 'text/plain' },
    ]),
    multipart([{ name: 'receipt', value: '', filename: '' }]),
    multipart(
      Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x', filename: `f${i}` })),
    ),
    // Issue #30 finding 16's bodies (fuzz-multipart-server.test.ts also cuts them short).
    multipart([{ name: 'expenseData', value: dataText }, RECEIPT_PART, RECEIPT_PART]),
    multipart([
      { name: 'expenseData', value: dataText, filename: 'd.json', contentType: 'application/json' },
    ]),
    multipart([
      { name: 'expenseData', value: dataText },
      ...Array.from({ length: 300 }, (_, i) => ({ name: `junk${i}`, value: 'x'.repeat(i) })),
    ]),
    multipart([
      { name: 'expenseData', value: dataText },
      { ...RECEIPT_PART, value: Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024, 1)]) },
    ]),
  ];
}

const RECEIPT_PART = {
  name: 'receiptFile',
  value: PNG,
  filename: 'r.png',
  contentType: 'image/png',
};
