import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiOptionsFromEnv, parseReceipt } from './ai-parser.js';

const RECEIPT = [
  'CORNER GROCERY',
  'Date: 14/03/2025',
  'MILK 3.20',
  'TOTAL 23.40',
  'CASH 30.00',
  'CHANGE 6.60',
].join('\n');

interface Seen {
  path: string | undefined;
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** A local server speaking the OpenAI chat-completions protocol; its behaviour is set per test. */
let mode: 'ok' | 'fenced' | 'invalid' | 'error' | 'slow' | 'bad-date' = 'ok';
const seen: Seen[] = [];
const unanswered: ServerResponse[] = [];
let server: Server;
let url: string;

function answer(res: ServerResponse, content: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content } }],
    }),
  );
}

const GOOD = {
  storeName: 'Corner Grocery',
  date: '2025-03-14',
  totalAmount: 23.4,
  currency: 'usd',
  // The model's "Service Charge" line is left out of the items (issue #31 point 2).
  items: [
    { name: 'Milk 1L', price: '3.20' },
    { name: 'Service Charge 10%', price: '2.00' },
  ],
  confidence: { storeName: 0.8, date: 0.95, totalAmount: 0.9 },
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({
        path: req.url,
        auth: req.headers.authorization,
        body: JSON.parse(raw) as Seen['body'],
      });
      if (mode === 'ok') answer(res, JSON.stringify(GOOD));
      else if (mode === 'fenced')
        answer(res, 'Here you go:\n```json\n' + JSON.stringify(GOOD) + '\n```');
      else if (mode === 'invalid') answer(res, '{"storeName": 42, "totalAmount": "lots"}');
      else if (mode === 'bad-date') answer(res, JSON.stringify({ ...GOOD, date: '2025-02-30' }));
      else if (mode === 'error') {
        res.writeHead(500);
        res.end('boom');
      } else unanswered.push(res); // 'slow': never answered (closed with the server)
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('AI parser against a local OpenAI-compatible server', () => {
  it('sends the OCR text with model and bearer key, and validates the answer', async () => {
    mode = 'ok';
    seen.length = 0;
    const r = await parseReceipt(RECEIPT, {
      url: `${url}/`,
      model: 'test-model',
      apiKey: 'sk-test',
    });
    expect(r.parser).toBe('ai');
    expect(r.parsed).toEqual({
      storeName: 'Corner Grocery',
      merchantName: 'Corner Grocery',
      date: '2025-03-14',
      totalAmount: 23.4,
      subtotalAmount: null,
      currency: 'USD',
      items: [{ name: 'Milk 1L', quantity: 1, price: 3.2, confidence: 0.8 }],
      confidence: { storeName: 0.8, date: 0.95, totalAmount: 0.9 },
    });
    expect(seen[0]?.path).toBe('/v1/chat/completions');
    expect(seen[0]?.auth).toBe('Bearer sk-test');
    expect(seen[0]?.body.model).toBe('test-model');
    expect(seen[0]?.body.messages.at(-1)?.content).toBe(RECEIPT);
  });

  it('accepts JSON wrapped in a code fence', async () => {
    mode = 'fenced';
    const r = await parseReceipt(RECEIPT, { url });
    expect(r.parser).toBe('ai');
    expect(r.parsed.totalAmount).toBe(23.4);
  });

  it.each(['invalid', 'bad-date', 'error'] as const)(
    'falls back to the rules on a %s answer',
    async (m) => {
      mode = m;
      const r = await parseReceipt(RECEIPT, { url });
      expect(r.parser).toBe('rules');
      expect(r.aiError).toBeTruthy();
      expect(r.parsed.totalAmount).toBe(23.4);
      expect(r.parsed.storeName).toBe('CORNER GROCERY');
    },
  );

  it('falls back to the rules on timeout', async () => {
    mode = 'slow';
    // The server never answers: the parser can only come back through its own timeout. Were
    // that not kept, it would wait until the test's time limit fails it.
    const r = await parseReceipt(RECEIPT, { url, timeoutMs: 150 });
    expect(r.parser).toBe('rules');
    expect(r.aiError).toBeTruthy();
    expect(r.parsed.date).toBe('2025-03-14');
  });

  it('falls back when nothing listens at the URL', async () => {
    const r = await parseReceipt(RECEIPT, { url: 'http://127.0.0.1:9/v1', timeoutMs: 2000 });
    expect(r.parser).toBe('rules');
  });

  it('reads its configuration from the environment', () => {
    expect(aiOptionsFromEnv({})).toBeNull();
    expect(aiOptionsFromEnv({ RECEIPT_AI_URL: 'http://x/v1' })).toEqual({
      url: 'http://x/v1',
      model: 'gpt-4o-mini',
    });
    expect(
      aiOptionsFromEnv({ RECEIPT_AI_URL: 'http://x', RECEIPT_AI_MODEL: 'm', RECEIPT_AI_KEY: 'k' }),
    ).toEqual({
      url: 'http://x',
      model: 'm',
      apiKey: 'k',
    });
  });
});
