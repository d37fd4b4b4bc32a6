// Serves the built web app from the same port as the API. A GET for a non-/api path that is
// not a static file gets index.html (SPA fallback); an unknown /api route gets a 404 body.
// Under a path prefix (BASE_PATH, http/base-path.ts) the pages and the manifest that name the
// app's paths are served rewritten for it (base-path-documents.ts); outside the prefix only /
// answers, with a redirect to it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { OUTSIDE_BASE_PATH } from '../http/base-path.js';
import { rebasedDocuments } from './base-path-documents.js';
import { sendError } from './error-handler.js';

export interface WebAppOptions {
  distDir: string;
  /** BASE_PATH: '' at the root of the host. */
  basePath: string;
}

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Evenly</title></head>
<body><h1>Evenly</h1><p>The web app has not been built. Run <code>npm run build</code>.</p></body></html>`;

async function webApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const built = existsSync(indexPath);
  const { basePath } = options;
  const rebased = built ? rebasedDocuments(options.distDir, basePath) : new Map();

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The rewritten ones are answered by the not-found handler below.
      allowedPath: (pathName) => !rebased.has(pathName),
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
    const [originalPath, query] = splitQuery(request.originalUrl);
    if (urlPath.startsWith(OUTSIDE_BASE_PATH)) {
      if (originalPath === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.redirect(`${basePath}/${query}`);
      }
      return sendError(reply, 404, 'NOT_FOUND', 'Not found.');
    }
    // The prefix without its slash: the service worker's scope (/evenly/) starts with the slash.
    if (basePath !== '' && originalPath === basePath && request.method === 'GET') {
      return reply.redirect(`${basePath}/${query}`);
    }
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
    const document = rebased.get(urlPath) ?? rebased.get('/index.html');
    if (document !== undefined) return reply.type(document.contentType).send(document.body);
    return reply.sendFile('index.html');
  });
}

/** A URL's path and its query (with the '?', or ''). */
function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

export default fp(webApp, { name: 'web-app' });
