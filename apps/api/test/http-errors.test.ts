// Bad input of every kind gets the contract's error body with a human message, never a 5xx.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './support/test-app.js';
import { bearer, createTestContext, errorBody } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

const JSON_ROUTES = [
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/resend-verification',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
];

describe('request bodies', () => {
  it('refuses malformed JSON with INVALID_JSON', async () => {
    for (const url of JSON_ROUTES) {
      for (const payload of ['{bad', '{"a":1,}', "{'a':1}", '[1,2', 'nul']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(errorBody(res)).toMatchObject({
          code: 'INVALID_JSON',
          error: 'Bad Request',
          message: 'The request body is not valid JSON.',
        });
      }
    }
  });

  it('refuses other content types with 415', async () => {
    for (const url of JSON_ROUTES) {
      for (const [type, payload] of [
        ['text/plain', 'email=a@b.co'],
        ['application/x-www-form-urlencoded', 'email=a%40b.co'],
        ['application/xml', '<a/>'],
        ['multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': type },
        });
        expect(res.statusCode, `${url} ${type}`).toBe(415);
        expect(errorBody(res)).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Content-Type must be application/json.',
        });
      }
    }
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const payload = JSON.stringify({
      name: 'x'.repeat(1024 * 1024 + 10),
      email: 'a@b.co',
      password: 'secret1',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(errorBody(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
  });

  it('treats non-object JSON, nulls and wrong types as validation failures', async () => {
    for (const payload of ['[]', '"text"', '42', 'null', 'true']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(errorBody(res).code).toBe('VALIDATION_FAILED');
    }
    for (const body of [
      { email: 1, password: 2 },
      { email: null, password: null },
      { email: {}, password: [] },
      { email: 'a@b.co', password: true },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res).message).toBe('Please enter your email and password.');
    }
  });

  it('survives huge strings and odd characters without a 5xx', async () => {
    const huge = 'é'.repeat(200_000);
    const bodies = [
      { name: huge, email: 'a@b.co', password: 'secret1' },
      { name: 'A', email: huge, password: 'secret1' },
      { name: 'A', email: 'a@b.co', password: huge },
    ];
    for (const payload of bodies) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode).toBe(400);
      errorBody(res);
    }
    // NUL characters (which PostgreSQL text cannot hold) are dropped, not a 5xx.
    const odd = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'A\u0000nn\u202e', email: 'odd@b.co', password: 'secret1' },
    });
    expect(odd.statusCode).toBe(201);
    expect(odd.json<{ name: string }>().name).toBe('Ann\u202e');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: huge, password: huge },
    });
    expect(login.statusCode).toBe(400);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/verify?token=${'a'.repeat(5000)}`,
    });
    expect(verify.statusCode).toBe(400);
  });

  it('ignores bodies and content types on endpoints without a body', async () => {
    const { token } = await ctx.signUp('Ann', 'ann@example.com');
    for (const [type, payload] of [
      ['application/json', ''],
      ['application/json', '{"x":1}'],
      ['text/plain', 'hello'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        payload,
        headers: { ...bearer(token), 'content-type': type },
      });
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('ignores unknown fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Ann',
        email: 'ann@example.com',
        password: 'secret1',
        role: 'admin',
        id: 99,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ id: number }>().id).toBe(1);
  });
});

describe('routes', () => {
  it('answers an unknown /api route with a 404 error body, with or without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(errorBody(res)).toMatchObject({
        code: 'NOT_FOUND',
        error: 'Not Found',
        message: 'Not found.',
      });
    }
  });

  it('carries a request id on every response and in error bodies', async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    expect(kept.json<{ requestId: string }>().requestId).toBe('abc-123');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^req-[0-9a-f]{12}$/);
  });
});
