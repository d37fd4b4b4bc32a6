// Serves the built web app (apps/web/dist) with SPA fallback, for tests that need no API.
// Every /api/ request answers 404 with the contract's error body unless a test mocks it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { WEB_DIST } from './server';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};

export interface StaticServer {
  baseUrl: string;
  close: () => Promise<void>;
}

export async function startStaticServer(): Promise<StaticServer> {
  const indexPath = join(WEB_DIST, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(`${indexPath} is missing: run \`npm run build -w @evenly/web\` first.`);
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          status: 404,
          error: 'Not Found',
          code: 'NOT_FOUND',
          message: 'Not found.',
        }),
      );
      return;
    }
    const file = normalize(join(WEB_DIST, decodeURIComponent(url.pathname)));
    const inside = file.startsWith(WEB_DIST);
    const isFile = inside && existsSync(file) && statSync(file).isFile();
    const path = isFile ? file : indexPath;
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
