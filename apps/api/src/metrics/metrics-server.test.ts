import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsServer } from './metrics-server.js';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const servers: MetricsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(scrape: () => Promise<{ body: string; contentType: string }>) {
  const server = new MetricsServer(scrape, logger);
  servers.push(server);
  return { server, url: await server.listen(0, '127.0.0.1') };
}

describe('MetricsServer', () => {
  it('answers /metrics only, GET or HEAD, and 500 when the scrape fails', async () => {
    const { server, url } = await start(async () => ({
      body: 'up 1\n',
      contentType: 'text/plain; version=0.0.4; charset=utf-8',
    }));
    expect(server.url).toBe(url);
    const ok = await fetch(`${url}/metrics`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('up 1\n');
    expect((await fetch(`${url}/metrics?name=x`)).status).toBe(200);
    const head = await fetch(`${url}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/metrics/x`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(405);

    const broken = await start(() => Promise.reject(new Error('boom')));
    expect((await fetch(`${broken.url}/metrics`)).status).toBe(500);
  });

  it('closes with a keep-alive connection open, and refuses a port in use', async () => {
    const { server, url } = await start(async () => ({ body: '', contentType: 'text/plain' }));
    await fetch(`${url}/metrics`, { headers: { connection: 'keep-alive' } });
    await server.close();
    expect(server.url).toBeNull();
    const taken = await start(async () => ({ body: '', contentType: 'text/plain' }));
    const port = Number(new URL(taken.url).port);
    await expect(
      new MetricsServer(async () => ({ body: '', contentType: 'text/plain' }), logger).listen(
        port,
        '127.0.0.1',
      ),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
