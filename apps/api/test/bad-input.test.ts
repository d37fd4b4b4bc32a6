// Issue #9, money safety under faults: bad input of the kinds below stays a 4xx with the
// contract's error body (§1.6) and changes nothing; well-formed input next to it keeps working.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { createTestContext, errorBody } from './support/test-app.js';
import type { TestUser } from './support/fixtures.js';
import { befriend, createGroup, createUsers } from './support/fixtures.js';
import { equalExpense, multipart, postExpense } from './support/ledger.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let ann: TestUser;
let bea: TestUser;
let groupId: number;
let expenseId: number;
beforeEach(async () => {
  await ctx.reset();
  [ann, bea] = (await createUsers(ctx, 'Ann', 'Bea')) as [TestUser, TestUser];
  await befriend(ctx.database.handle.db, ann, bea);
  groupId = await createGroup(ctx.database.handle.db, ann, 'Trip', [bea]);
  const res = await postExpense(ctx, ann, equalExpense(ann, [ann, bea], 10, { groupId }));
  expect(res.statusCode, res.body).toBe(201);
  expenseId = res.json<{ id: number }>().id;
});

type Method = 'POST' | 'PUT' | 'PATCH';

function send(method: Method, url: string, contentType: string, payload: string | Buffer) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...ann.auth, 'content-type': contentType },
    payload,
  });
}

async function expenseCount(): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/expenses/my', headers: ann.auth });
  return res.json<unknown[]>().length;
}

async function storedExpense() {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/expenses/${expenseId}`,
    headers: ann.auth,
  });
  return res.json<{ description: string; amount: number }>();
}

/** `prefix` + bytes that are not UTF-8 + `suffix`. */
function withBadBytes(prefix: string, bad: number[], suffix: string): Buffer {
  return Buffer.concat([Buffer.from(prefix), Buffer.from(bad), Buffer.from(suffix)]);
}

// Byte sequences that are not UTF-8: a stray continuation byte, bytes never used, an overlong
// "/", a UTF-16 surrogate, a sequence cut short.
const NOT_UTF8 = [[0x80], [0xff, 0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]];

describe('malformed multipart bodies', () => {
  const part = (name: string, extra = '') =>
    `Content-Disposition: form-data; name="${name}"${extra}\r\n\r\n`;
  const data = () => JSON.stringify(equalExpense(ann, [ann, bea], 12, { groupId }));
  const cases = (field: string, value: () => string) => [
    {
      name: 'no boundary in the Content-Type',
      type: 'multipart/form-data',
      body: () => `--x\r\n${part(field)}${value()}\r\n--x--\r\n`,
    },
    {
      name: 'no closing boundary',
      type: 'multipart/form-data; boundary=x',
      body: () => `--x\r\n${part(field)}${value()}\r\n`,
    },
    {
      name: 'a file part cut short',
      type: 'multipart/form-data; boundary=x',
      body: () => `--x\r\n${part(field, '; filename="a.txt"')}${value()}`,
    },
    {
      name: 'a boundary that does not match the body',
      type: 'multipart/form-data; boundary=other',
      body: () => `--x\r\n${part(field)}${value()}\r\n--x--\r\n`,
    },
    {
      name: 'a boundary longer than busboy can search for',
      type: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      body: () => `--${'b'.repeat(300)}\r\n${part(field)}${value()}\r\n--${'b'.repeat(300)}--\r\n`,
    },
  ];

  it('POST /api/expenses answers 400 and stores nothing', async () => {
    for (const c of cases('expenseData', data)) {
      const res = await send('POST', '/api/expenses', c.type, c.body());
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The multipart body is malformed.',
      });
    }
    expect(await expenseCount()).toBe(1);
  });

  it('PUT /api/expenses/{id} answers 400 and changes nothing', async () => {
    const changed = () =>
      JSON.stringify(equalExpense(ann, [ann, bea], 50, { groupId, description: 'Changed' }));
    for (const c of cases('expenseData', changed)) {
      const res = await send('PUT', `/api/expenses/${expenseId}`, c.type, c.body());
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(errorBody(res).message).toBe('The multipart body is malformed.');
    }
    expect(await storedExpense()).toMatchObject({ description: 'Dinner', amount: 10 });
  });

  it('POST /api/receipts/scan-and-parse answers 400', async () => {
    for (const c of cases('receipt', () => 'not a receipt')) {
      const res = await send('POST', '/api/receipts/scan-and-parse', c.type, c.body());
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(errorBody(res).message).toBe('The multipart body is malformed.');
    }
  });

  it('answers a field declared as JSON that is not JSON with 400 INVALID_JSON', async () => {
    const form = multipart([{ name: 'note', value: '{bad', contentType: 'application/json' }]);
    const res = await send(
      'POST',
      '/api/receipts/scan-and-parse',
      form.headers['content-type'] ?? '',
      form.payload,
    );
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).code).toBe('INVALID_JSON');
  });

  it('an expenseData part over 1 MB is a 413, as a JSON body over 1 MB is', async () => {
    const big = equalExpense(ann, [ann, bea], 12, { groupId, pad: 'x'.repeat(1024 * 1024) });
    const form = multipart([{ name: 'expenseData', value: JSON.stringify(big) }]);
    const res = await send(
      'POST',
      '/api/expenses',
      form.headers['content-type'] ?? '',
      form.payload,
    );
    expect(res.statusCode).toBe(413);
    expect(errorBody(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
    expect(await expenseCount()).toBe(1);
  });

  it('still refuses a second uploaded file', async () => {
    const form = multipart([
      { name: 'expenseData', value: data() },
      { name: 'receiptFile', value: 'one', filename: 'a.png' },
      { name: 'other', value: 'two', filename: 'b.png' },
    ]);
    const res = await send(
      'POST',
      '/api/expenses',
      form.headers['content-type'] ?? '',
      form.payload,
    );
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).message).toBe('Please upload one file only.');
    expect(await expenseCount()).toBe(1);
  });
});

describe('JSON bodies that are not objects', () => {
  const NOT_OBJECTS = ['null', '[]', '[{"name":"X"}]', '123', '-1.5', '"text"', 'true', 'false'];

  it('PATCH /api/groups/{id} answers 400 and changes nothing', async () => {
    for (const payload of NOT_OBJECTS) {
      const res = await send('PATCH', `/api/groups/${groupId}`, 'application/json', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The request body must be a JSON object.',
      });
    }
    const group = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}`,
      headers: ann.auth,
    });
    expect(group.json()).toMatchObject({ name: 'Trip' });
  });

  it('every route with a JSON object body answers 400', async () => {
    const routes: [Method, string][] = [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/resend-verification'],
      ['POST', '/api/auth/forgot-password'],
      ['POST', '/api/auth/reset-password'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/friendships/requests'],
      ['POST', '/api/groups'],
      ['PATCH', `/api/groups/${groupId}`],
      ['POST', `/api/groups/${groupId}/members`],
      ['POST', '/api/expenses'],
      ['PUT', `/api/expenses/${expenseId}`],
      ['POST', '/api/payments'],
      ['POST', '/api/payments/settle'],
      ['PUT', '/api/payments/1'],
      ['POST', `/api/expenses/${expenseId}/comments`],
    ];
    for (const [method, url] of routes) {
      for (const payload of NOT_OBJECTS) {
        const res = await send(method, url, 'application/json', payload);
        expect(res.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(errorBody(res).message, `${method} ${url} ${payload}`).toBe(
          'The request body must be a JSON object.',
        );
      }
    }
    expect(await expenseCount()).toBe(1);
  });

  it('a multipart expenseData that is not an object answers 400', async () => {
    for (const value of NOT_OBJECTS) {
      for (const contentType of [undefined, 'application/json']) {
        const form = multipart([{ name: 'expenseData', value, contentType }]);
        const type = form.headers['content-type'] ?? '';
        for (const [method, url] of [
          ['POST', '/api/expenses'],
          ['PUT', `/api/expenses/${expenseId}`],
        ] as const) {
          const res = await send(method, url, type, form.payload);
          expect(res.statusCode, `${url} ${value}`).toBe(400);
          expect(errorBody(res)).toMatchObject({
            code: 'VALIDATION_FAILED',
            message: 'expenseData must be a JSON object.',
          });
        }
      }
    }
    expect(await storedExpense()).toMatchObject({ description: 'Dinner', amount: 10 });
  });

  it('an absent or empty body is still "no fields" (§1.1)', async () => {
    const none = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/groups/${groupId}`,
      headers: ann.auth,
    });
    expect(none.statusCode, none.body).toBe(200);
    const empty = await send('PATCH', `/api/groups/${groupId}`, 'application/json', '  ');
    expect(empty.statusCode, empty.body).toBe(200);
    const expense = await send('POST', '/api/expenses', 'application/json', '');
    expect(errorBody(expense).message).toBe('expenseData is required.');
  });
});

describe('bodies that are not UTF-8', () => {
  it('a JSON body is refused with INVALID_JSON and nothing is stored', async () => {
    for (const bad of NOT_UTF8) {
      const res = await send(
        'PATCH',
        `/api/groups/${groupId}`,
        'application/json',
        withBadBytes('{"name":"Caf', bad, '"}'),
      );
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'INVALID_JSON',
        message: 'The request body is not valid JSON.',
      });
    }
    const group = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}`,
      headers: ann.auth,
    });
    expect(group.json()).toMatchObject({ name: 'Trip' });
  });

  it('a lone surrogate escape (no UTF-8 form either) is refused with INVALID_JSON', async () => {
    for (const escaped of ['\\ud800', 'a\\udfffb', '\\udc00\\ud800']) {
      const res = await send(
        'PATCH',
        `/api/groups/${groupId}`,
        'application/json',
        `{"name":"${escaped}"}`,
      );
      expect(res.statusCode, escaped).toBe(400);
      expect(errorBody(res).code).toBe('INVALID_JSON');
    }
    // A pair written as two escapes is one character, and fine.
    const pair = await send(
      'PATCH',
      `/api/groups/${groupId}`,
      'application/json',
      '{"name":"Pizza \\ud83c\\udf55"}',
    );
    expect(pair.json()).toMatchObject({ name: 'Pizza 🍕' });
  });

  it('an expense (JSON or multipart expenseData) is refused with INVALID_JSON', async () => {
    const text = JSON.stringify(equalExpense(ann, [ann, bea], 12, { groupId }));
    const [head, tail] = [
      text.slice(0, text.indexOf('Dinner')),
      text.slice(text.indexOf('Dinner')),
    ];
    for (const bad of NOT_UTF8) {
      const bytes = withBadBytes(head, bad, tail);
      const json = await send('POST', '/api/expenses', 'application/json', bytes);
      expect(json.statusCode).toBe(400);
      expect(errorBody(json)).toMatchObject({
        code: 'INVALID_JSON',
        message: 'The request body is not valid JSON.',
      });
      for (const contentType of [undefined, 'application/json', 'text/plain; charset=utf-8']) {
        const form = multipart([{ name: 'expenseData', value: bytes, contentType }]);
        const res = await send(
          'POST',
          '/api/expenses',
          form.headers['content-type'] ?? '',
          form.payload,
        );
        expect(res.statusCode, `${contentType} ${JSON.stringify(bad)}`).toBe(400);
        expect(errorBody(res)).toMatchObject({
          code: 'INVALID_JSON',
          message: 'expenseData must be valid JSON.',
        });
      }
    }
    expect(await expenseCount()).toBe(1);
  });

  it('valid UTF-8 beyond ASCII is stored exactly, in every body form', async () => {
    const description = 'Café 🍕 Ωmega';
    const body = equalExpense(ann, [ann, bea], 12, { groupId, description });
    const json = await postExpense(ctx, ann, body);
    expect(json.json()).toMatchObject({ description });
    for (const contentType of [undefined, 'application/json']) {
      const form = multipart([{ name: 'expenseData', value: JSON.stringify(body), contentType }]);
      const res = await send(
        'POST',
        '/api/expenses',
        form.headers['content-type'] ?? '',
        form.payload,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ description });
    }
    const patch = await send(
      'PATCH',
      `/api/groups/${groupId}`,
      'application/json',
      Buffer.from(JSON.stringify({ name: description })),
    );
    expect(patch.json()).toMatchObject({ name: description });
  });
});

describe('bad input found by the OpenAPI fuzzer (fuzz-openapi.test.ts)', () => {
  const cursorOf = (keys: unknown[]) => Buffer.from(JSON.stringify(keys)).toString('base64url');

  it('a token signed by the server whose subject is beyond any user id is a 401', async () => {
    const secret = new TextEncoder().encode(ctx.config.jwtSecret ?? '');
    for (const sub of ['2147483648', '9007199254740991']) {
      const token = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, sub).toBe(401);
      expect(errorBody(res).message).toBe('Your session has expired. Please log in again.');
    }
  });

  it('a cursor naming a day that does not exist is a 400 Invalid cursor.', async () => {
    const stamp = '2025-02-30T10:00:00.000000Z';
    for (const url of [
      `/api/expenses/my?before=${cursorOf([stamp, 1])}`,
      `/api/payments/my?before=${cursorOf([stamp, 1])}`,
      `/api/groups/${groupId}/transactions?before=${cursorOf(['2025-02-30', '2025-03-01T10:00:00.000000Z', 1, 'expense'])}`,
      `/api/groups/${groupId}/transactions?before=${cursorOf(['2025-03-01', stamp, 1, 'payment'])}`,
      `/api/groups/${groupId}/transactions?before=${cursorOf(['0000-01-01', '0000-01-01T10:00:00.000000Z', 1, 'payment'])}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: ann.auth });
      expect(res.statusCode, url).toBe(400);
      expect(errorBody(res).message).toBe('Invalid cursor.');
    }
  });

  it('a transactions cursor at the largest id is a page, not an overflow', async () => {
    const cursor = cursorOf([
      '2100-01-01',
      '2100-01-01T00:00:00.000000Z',
      2_147_483_647,
      'payment',
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/groups/${groupId}/transactions?before=${cursor}`,
      headers: ann.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<unknown[]>()).toHaveLength(1);
  });

  it('a URL that does not decode, or an over-long id, gets the contract error body', async () => {
    for (const url of ['/api/groups/%FF', '/api/groups/%', `/api/expenses/${'9'.repeat(600)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: ann.auth });
      expect(res.statusCode, url).toBe(400);
      expect(errorBody(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The request URL is not valid.',
      });
      expect(res.headers['x-request-id']).toMatch(/^req-/);
    }
  });
});
