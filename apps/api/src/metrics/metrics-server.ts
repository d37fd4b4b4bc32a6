// The metrics listener: a bare node:http server on its own port (METRICS_PORT) that answers
// `GET /metrics` with the Prometheus text and 404 to anything else. It is not the Fastify app,
// so nothing of the public port's routes, hooks or plugins is reachable through it and the
// metrics are never reachable through the public port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

export type Scrape = () => Promise<{ body: string; contentType: string }>;

export class MetricsServer {
  private readonly server: http.Server;
  private bound: string | null = null;

  constructor(
    private readonly scrape: Scrape,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.server = http.createServer((req, res) => this.answer(req, res));
  }

  /** `http://host:port` once listening, null before. */
  get url(): string | null {
    return this.bound;
  }

  async listen(port: number, host: string): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.bound = `http://${shown}:${address.port}`;
    return this.bound;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // A scraper's keep-alive connection would otherwise hold the close until it times out.
    this.server.closeAllConnections();
    await closed;
    this.bound = null;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    this.scrape().then(
      ({ body, contentType }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        this.logger.error({ err: error }, 'metrics: scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Scrape failed\n');
      },
    );
  }
}
