// Serves the built web app from the same port as the API. A GET for a non-/api path that is
// not a static file gets index.html (SPA fallback); an unknown /api route gets a 404 body.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.js';

export interface WebAppOptions {
  distDir: string;
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Evenly</title></head>
<body><h1>Evenly</h1><p>The web app has not been built. Run <code>npm run build</code>.</p></body></html>`;

async function webApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const built = existsSync(indexPath);

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): sent as they are
      // to a client that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(options.distDir, filePath);
        // Hashed build assets never change; everything else must be revalidated (sw.js!).
        void res.header(
          'Cache-Control',
          rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // /metrics too: the metrics have their own port (METRICS_PORT), and a scraper pointed at
    // this one by mistake should get a 404, not the web app's page.
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath === '/metrics') {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found.');
    }
    void reply.header('Cache-Control', 'no-cache');
    if (!built) return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    return reply.sendFile('index.html');
  });
}

export default fp(webApp, { name: 'web-app' });
