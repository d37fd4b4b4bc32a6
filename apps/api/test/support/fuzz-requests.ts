// The malformed requests fuzz-openapi.test.ts sends for one operation: each dimension (path ids,
// query, headers, body) has its variants, assembled one dimension at a time with the others real,
// or picked at random, one variant per dimension.
import { SignJWT } from 'jose';
import type { TestContext } from './test-app.js';
import type { Operation, World } from './fuzz-world.js';
import { realPathParam, realQueryParam, sampleBody } from './fuzz-world.js';
import {
  BAD_CURSORS,
  BAD_PATH_PARAMS,
  BAD_QUERY_VALUES,
  base64url,
  bytesWithin,
  CONTENT_TYPES,
  CURSOR_KEY_JUNK,
  INVALID_JSON,
  JUNK_EACH,
  JUNK_SHARED,
  MALFORMED_MULTIPART,
  NOT_UTF8,
  ODD_QUERIES,
  oddMultiparts,
  SEEDED_JUNK,
  WHOLE_BODY_JUNK,
} from './fuzz-junk.js';

/** Operations that parse their body themselves (multipart) rather than through the JSON parser. */
const READS_OWN_BODY = [
  'POST /api/expenses',
  'PUT /api/expenses/{id}',
  'POST /api/receipts/scan-and-parse',
  'PUT /api/auth/me/avatar',
];

// Module state: vitest loads this module afresh for each test file, so one run's offsets.
const shareOffsets = new Map<string, number>();
/**
 * `count` items of `list`, continuing where the previous call for `name` stopped: cases that are
 * the same for every operation are spread over the operations instead of repeated by each.
 */
function share<T>(name: string, list: T[], count: number): T[] {
  if (count >= list.length) return list;
  const offset = shareOffsets.get(name) ?? 0;
  shareOffsets.set(name, offset + count);
  return Array.from({ length: count }, (_, i) => list[(offset + i) % list.length] as T);
}

export interface FuzzRequest {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A string no sample holds, swapped for the raw junk text after serialisation. */
const MARK = '\u0001fuzz\u0001';

/**
 * The JSON text of `body` with the value at `path` replaced by raw JSON text, or left out (null;
 * an array element left out becomes `null`).
 */
function replaceAt(body: unknown, path: (string | number)[], raw: string | null): string {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1] ?? ''] = raw === null ? undefined : MARK;
  return JSON.stringify(copy).replace(JSON.stringify(MARK), () => raw ?? 'null');
}

/** Top-level properties, then one level into arrays (payers[0].userId, memberIds[0]). */
function propertyPaths(op: Operation, body: Record<string, unknown> | undefined) {
  const paths: (string | number)[][] = [];
  const keys = new Set([...op.bodyProps, ...Object.keys(body ?? {})]);
  for (const key of keys) {
    paths.push([key]);
    const value = body?.[key];
    if (!Array.isArray(value) || value.length === 0) continue;
    const first: unknown = value[0];
    if (typeof first === 'object' && first !== null) {
      for (const inner of Object.keys(first)) paths.push([key, 0, inner]);
    } else {
      paths.push([key, 0]);
    }
  }
  return paths;
}
async function jwtFor(ctx: TestContext, claims: Record<string, unknown>, sub: string, exp: number) {
  const secret = new TextEncoder().encode(ctx.config.jwtSecret ?? '');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(secret);
}

async function oddHeaders(ctx: TestContext, w: World): Promise<[string, Record<string, string>][]> {
  const token = w.ann.token;
  const later = Math.floor(Date.now() / 1000) + 3600;
  const [head, payload] = token.split('.');
  const none = `${base64url('{"alg":"none","typ":"JWT"}')}.${payload ?? ''}.`;
  const tampered = `${head ?? ''}.${base64url(`{"sub":"${w.bea.id}","ver":0,"exp":${later}}`)}.${token.split('.')[2] ?? ''}`;
  // Signed with the server's secret but with claims it never issues.
  const signed: [string, Record<string, unknown>, string, number][] = [
    ['sub beyond 2^64', { ver: 0 }, '99999999999999999999', later],
    ['sub 2^53-1', { ver: 0 }, '9007199254740991', later],
    ['sub 2^31', { ver: 0 }, '2147483648', later],
    ['sub -1', { ver: 0 }, '-1', later],
    ['sub abc', { ver: 0 }, 'abc', later],
    ['no ver', {}, String(w.ann.id), later],
    ['ver 1e300', { ver: 1e300 }, String(w.ann.id), later],
    ['ver -1', { ver: -1 }, String(w.ann.id), later],
    ['ver "x"', { ver: 'x' }, String(w.ann.id), later],
    ['expired', { ver: 0 }, String(w.ann.id), 1],
  ];
  const auth = (value: string, label = value.slice(0, 40)): [string, Record<string, string>] => [
    `authorization ${label}`,
    { authorization: value },
  ];
  const jwts: [string, Record<string, string>][] = [];
  for (const [label, claims, sub, exp] of signed) {
    jwts.push(auth(`Bearer ${await jwtFor(ctx, claims, sub, exp)}`, `JWT ${label}`));
  }
  const withToken = (name: string, value: string): [string, Record<string, string>] => [
    `${name} ${value.slice(0, 40)}`,
    { authorization: `Bearer ${token}`, [name]: value },
  ];
  return [
    auth(''),
    auth('Bearer'),
    auth('Bearer '),
    auth('Basic dXNlcjpwYXNz'),
    auth('Bearer x.y.z'),
    auth(`Bearer ${'a'.repeat(8000)}`),
    auth(`Bearer ${token} extra`, 'token and more'),
    auth(`bearer ${token}`, 'lower-case bearer'),
    auth(`Bearer ${none}`, 'alg none'),
    auth(`Bearer ${tampered}`, 'tampered payload'),
    auth('Bearer \u00e9\u00ff'),
    ...jwts,
    withToken('idempotency-key', ''),
    withToken('idempotency-key', ' '),
    withToken('idempotency-key', 'x'.repeat(256)),
    withToken('idempotency-key', 'x'.repeat(100_000)),
    withToken('idempotency-key', '\u00e9t\u00e9'),
    withToken('idempotency-key', 'a b\tc'),
    withToken('idempotency-key', 'fuzz-replay'),
    withToken('idempotency-key', 'fuzz-replay'),
    withToken('x-request-id', 'x'.repeat(10_000)),
    withToken('x-request-id', '../\u00e9'),
    withToken('accept', 'text/plain'),
    withToken('accept', 'garbage;;;q=x'),
    withToken('accept', ''),
    withToken('host', ''),
    withToken('host', 'evil host'),
    withToken('host', '[::1'),
    withToken('host', 'example.com:99999'),
    withToken('host', 'a'.repeat(5000)),
    withToken('x-forwarded-for', 'not-an-ip, ::junk'),
    withToken('x-forwarded-proto', 'https, junk'),
    withToken('x-forwarded-host', 'evil host'),
    withToken('last-event-id', 'x'.repeat(1000)),
    withToken('origin', 'null'),
    withToken('origin', `http://${'x'.repeat(5000)}`),
    withToken('cookie', '__proto__=x; a=b'),
    withToken('content-length', '1'),
    withToken('x-huge', 'a'.repeat(64 * 1024)),
    [
      'many headers',
      {
        authorization: `Bearer ${token}`,
        ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x-h-${i}`, String(i)])),
      },
    ],
  ];
}

/** A page's next cursor, to be mutated into wrong-but-well-encoded ones. */
async function realCursor(ctx: TestContext, url: string, w: World): Promise<unknown[] | null> {
  const res = await ctx.app.inject({ method: 'GET', url: `${url}?limit=1`, headers: w.ann.auth });
  const cursor = res.headers['x-next-cursor'];
  if (typeof cursor !== 'string') return null;
  return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
}

export interface Dimensions {
  paths: [string, string][];
  queries: [string, string][];
  headers: [string, Record<string, string>][];
  bodies: [string, { type?: string; payload?: string | Buffer }][];
}

/** Every malformed variant of `op`, one dimension at a time, plus the real request. */
export async function dimensionsFor(
  ctx: TestContext,
  op: Operation,
  w: World,
): Promise<Dimensions> {
  const real = (name: string) => realPathParam(op.path, name, w);
  const fill = (values: Record<string, string>) =>
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? real(name));
  const realPath = fill({});

  const paths: [string, string][] = [['real ids', realPath]];
  for (const name of op.pathParams) {
    for (const bad of BAD_PATH_PARAMS)
      paths.push([`${name}=${bad.slice(0, 30)}`, fill({ [name]: bad })]);
  }

  const realQuery = op.queryParams
    .map((name) => [name, realQueryParam(name, w)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  const query = (replace: string, value: string | null) =>
    [
      ...realQuery.filter((q) => !q.startsWith(`${replace}=`)),
      ...(value === null ? [] : [value]),
    ].join('&');
  const queries: [string, string][] = [['real query', realQuery.join('&')]];
  for (const name of op.queryParams) {
    for (const bad of BAD_QUERY_VALUES)
      queries.push([`${name}=${bad.slice(0, 30)}`, query(name, `${name}=${bad}`)]);
    queries.push([`${name} twice`, query(name, `${name}=1&${name}=2`)]);
    queries.push([`${name}[]`, query(name, `${name}[]=1&${name}[a]=2`)]);
  }
  if (op.queryParams.includes('before')) {
    const cursors = [...BAD_CURSORS];
    const cursor = await realCursor(ctx, realPath, w);
    if (cursor !== null) {
      cursor.forEach((_key, i) => {
        for (const junk of CURSOR_KEY_JUNK) {
          cursors.push(base64url(JSON.stringify(cursor.map((k, j) => (j === i ? junk : k)))));
        }
      });
      cursors.push(base64url(JSON.stringify([...cursor, 1])));
    }
    for (const c of cursors)
      queries.push([`before=${c.slice(0, 30)}`, query('before', `before=${c}`)]);
  }
  for (const odd of ODD_QUERIES)
    queries.push([odd.slice(0, 30), [realQuery.join('&'), odd].filter(Boolean).join('&')]);

  const sample = sampleBody(op, w);
  const text = JSON.stringify(sample ?? {});
  const json = (payload: string | Buffer): { type: string; payload: string | Buffer } => ({
    type: 'application/json',
    payload,
  });
  const bodies: Dimensions['bodies'] = [['real body', sample === undefined ? {} : json(text)]];
  for (const bad of INVALID_JSON) bodies.push([`invalid JSON ${bad.slice(0, 20)}`, json(bad)]);
  for (const cut of [
    1,
    Math.floor(text.length / 3),
    Math.floor(text.length / 2),
    text.length - 1,
  ]) {
    bodies.push([`truncated at ${cut}`, json(text.slice(0, cut))]);
  }
  for (const junk of WHOLE_BODY_JUNK) bodies.push([`body ${junk.slice(0, 20)}`, json(junk)]);
  bodies.push(['body [sample]', json(`[${text}]`)]);
  bodies.push(['body over 1 MB', json(JSON.stringify({ ...sample, pad: 'x'.repeat(1_100_000) }))]);
  for (const bad of NOT_UTF8) {
    bodies.push([
      `not UTF-8 ${bad.join(',')}`,
      json(bytesWithin(text, Math.max(1, text.indexOf('"', 2) + 1), bad)),
    ]);
    bodies.push([`not UTF-8 first ${bad.join(',')}`, json(bytesWithin(text, 0, bad))]);
  }
  for (const type of CONTENT_TYPES)
    bodies.push([`content-type ${type.slice(0, 30)}`, { type, payload: text }]);
  bodies.push(['content-type absent', { payload: text }]);
  for (const [name, type, build] of MALFORMED_MULTIPART) {
    bodies.push([`multipart ${name}`, { type, payload: build(text) }]);
  }
  for (const [i, form] of oddMultiparts(text).entries()) {
    bodies.push([
      `odd multipart ${i}`,
      { type: form.headers['content-type'], payload: form.payload },
    ]);
  }
  // The JSON parser is shared: routes that read their body themselves (expenses, receipt scan)
  // get every body-level case, the others a share in turn.
  const own = READS_OWN_BODY.includes(`${op.method} ${op.path}`);
  const bodyLevel = own
    ? bodies
    : [bodies[0] ?? ['real body', {}], ...share('body', bodies.slice(1), sample ? 30 : 10)];
  const sharedJunk = [...JUNK_SHARED, ...SEEDED_JUNK];
  for (const path of propertyPaths(op, sample)) {
    const at = path.join('.');
    bodyLevel.push([`${at} removed`, json(replaceAt(sample ?? {}, path, null))]);
    for (const junk of [...JUNK_EACH, ...share('junk', sharedJunk, 6)]) {
      bodyLevel.push([`${at}=${junk.slice(0, 30)}`, json(replaceAt(sample ?? {}, path, junk))]);
    }
  }

  return {
    paths,
    queries,
    headers: share('headers', await oddHeaders(ctx, w), 12),
    bodies: bodyLevel,
  };
}

export function assemble(
  op: Operation,
  w: World,
  d: Dimensions,
  pick: { path: number; query: number; header: number | null; body: number },
): FuzzRequest {
  const [pathLabel, path] = d.paths[pick.path] ?? d.paths[0] ?? ['', op.path];
  const [queryLabel, query] = d.queries[pick.query] ?? d.queries[0] ?? ['', ''];
  const [headerLabel, headers] =
    pick.header === null
      ? ['real token', { authorization: `Bearer ${w.ann.token}` }]
      : (d.headers[pick.header] ?? ['', {}]);
  const [bodyLabel, body] = d.bodies[pick.body] ?? d.bodies[0] ?? ['', {}];
  return {
    label: [pathLabel, queryLabel, headerLabel, bodyLabel].join(' | '),
    method: op.method,
    url: query === '' ? path : `${path}?${query}`,
    headers: { ...(body.type === undefined ? {} : { 'content-type': body.type }), ...headers },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  };
}

/** Each dimension's variants with the others real: the systematic part. */
export function systematic(op: Operation, w: World, d: Dimensions): FuzzRequest[] {
  const real = { path: 0, query: 0, header: null, body: 0 };
  return [
    ...d.paths.map((_, path) => assemble(op, w, d, { ...real, path })),
    ...d.queries.slice(1).map((_, i) => assemble(op, w, d, { ...real, query: i + 1 })),
    ...d.bodies.slice(1).map((_, i) => assemble(op, w, d, { ...real, body: i + 1 })),
    ...d.headers.map((_, header) => assemble(op, w, d, { ...real, header })),
  ];
}
