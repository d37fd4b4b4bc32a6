// A TCP proxy in front of PostgreSQL that a test can cut like a network: `freeze()` stops moving
// bytes while every connection stays open (a half-open link: nothing is closed, nothing
// arrives), `thaw()` drops the frozen connections and lets new ones through.
import net from 'node:net';

export interface TcpProxy {
  /** The URL `target` reached through the proxy. */
  url: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  let frozen = false;
  const pairs: { client: net.Socket; upstream: net.Socket }[] = [];
  const server = net.createServer((client) => {
    if (frozen) return; // accepted, never answered
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    pairs.push({ client, upstream });
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = new URL(targetUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
    },
    thaw() {
      for (const p of pairs.splice(0)) {
        p.client.destroy();
        p.upstream.destroy();
      }
      frozen = false;
    },
    async close() {
      for (const p of pairs.splice(0)) {
        p.client.destroy();
        p.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
