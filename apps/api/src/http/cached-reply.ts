// Answers a heavy read from the response cache, or produces, serializes (with the route's own
// serializer), stores and sends it. See response-cache.ts for when entries are dropped.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TaggedCache } from '../cache/tagged-cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface CachedResponse {
  /** The JSON body as sent (UTF-8, encoded once). */
  body: Buffer;
  /** Extra headers (paging links). */
  headers: Record<string, string>;
}

export type ResponseCache = TaggedCache<CachedResponse>;

/** Bound on the cached bodies' total size. */
export const RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

export interface Produced {
  payload: unknown;
  /** What the response depends on (see response-cache.ts); may come from the data read. */
  tags: readonly string[];
  /** Headers that belong to the response (paging links). */
  headers?: Record<string, string>;
}

/**
 * The cache key of a response to the caller: the route and its parameters, the caller, and the
 * origin the request named (receipt links inside the body are absolute and signed per caller).
 */
export function cacheKey(request: FastifyRequest, parts: readonly (string | number)[]): string {
  return [request.user.id, request.protocol, request.host, ...parts].join('|');
}

export async function sendCached(
  cache: ResponseCache,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<Produced>,
): Promise<FastifyReply> {
  const hit = cache.get(key);
  if (hit !== undefined) {
    return reply.headers(hit.headers).type(JSON_TYPE).send(hit.body);
  }
  const mark = cache.mark();
  const { payload, tags, headers = {} } = await produce();
  const serialized = reply.serialize(payload);
  const body =
    typeof serialized === 'string'
      ? Buffer.from(serialized, 'utf8')
      : Buffer.isBuffer(serialized)
        ? serialized
        : Buffer.from(new Uint8Array(serialized));
  cache.store(key, tags, mark, { body, headers });
  return reply.headers(headers).type(JSON_TYPE).send(body);
}
