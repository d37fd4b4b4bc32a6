// Response compression (brotli, else gzip) for every response of at least 1 KB whose type
// compresses: API JSON, the OpenAPI document, and any web-app file without a precompressed copy.
// The web app's build assets are compressed once at build time (apps/web/scripts/precompress.mjs,
// brotli at maximum quality, and gzip) and served as such by the web-app plugin; this plugin
// leaves a response that already has a Content-Encoding alone. The live-event stream hijacks its
// reply, so it is never buffered by a compressor.
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Bytes: smaller bodies gain less than the headers and CPU cost. */
export const COMPRESSION_THRESHOLD = 1024;

async function compression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    // Request bodies: no decompression; a Content-Encoding on a request stays unsupported.
    globalDecompression: false,
    // Quality 4: most of brotli's gain on JSON for a fraction of the CPU of the default 11,
    // which matters on a server answering many small reads.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}

export default fp(compression, { name: 'compression' });
