// Routes of the push module: the VAPID public key, and this device's subscription.
// Thin: validate, call the service, map the result.
import { ECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/error-body.js';
import { iso } from '../../http/mappers.js';
import type { AppServices } from '../../composition/app-services.js';
import type { AppConfig } from '../../config/config.js';
import { endpointProblem, MAX_ENDPOINT_LENGTH } from './endpoint-policy.js';

export const MSG_ENDPOINT_REQUIRED = 'The subscription needs its endpoint URL.';
export const MSG_ENDPOINT_TOO_LONG = `The endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters.`;
export const MSG_P256DH = 'keys.p256dh must be a P-256 public key: 65 bytes in base64url.';
export const MSG_AUTH = 'keys.auth must be a 16-byte secret in base64url.';
export const MSG_KEYS_REQUIRED = 'The subscription needs its keys (p256dh and auth).';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decoded(value: string): Buffer | null {
  return BASE64URL.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;
}

/** An uncompressed point on P-256, as PushSubscription.getKey('p256dh') gives it. */
function isP256Point(value: string): boolean {
  const bytes = decoded(value);
  if (bytes === null || bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

const publicKeySchema = z.object({ publicKey: z.string() }).meta({
  id: 'PushPublicKey',
  example: {
    publicKey:
      'BGTg8JvOtg6H6qas4YSpHLv70cpryjJF5MqfOt8RGtobHv9kuLjfOxW4M0vBBGcIppZNYWHX9xVhmn46E-S6Pko',
  },
});

const subscriptionSchema = z
  .object({
    id: z.number().int(),
    endpoint: z.string(),
    createdAt: z.string(),
    lastSuccessAt: z.string().nullable(),
  })
  .meta({
    id: 'PushSubscription',
    example: {
      id: 3,
      endpoint: 'https://fcm.googleapis.com/fcm/send/dT3…',
      createdAt: '2026-11-25T18:02:11.000Z',
      lastSuccessAt: null,
    },
  });

function endpointField(allowPrivate: boolean) {
  return z
    .string({ error: MSG_ENDPOINT_REQUIRED })
    .min(1, { error: MSG_ENDPOINT_REQUIRED })
    .max(MAX_ENDPOINT_LENGTH, { error: MSG_ENDPOINT_TOO_LONG })
    .superRefine((value, ctx) => {
      const problem = endpointProblem(value, allowPrivate);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: 'PushSubscription.endpoint: an https URL of a public push service' });
}

/** Routes that need a bearer token (registered in the protected scope). */
export async function pushRoutes(
  app: FastifyInstance,
  { services, config }: { services: AppServices; config: AppConfig },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Push'];
  const allowPrivate = config.push.allowPrivateEndpoints;

  const subscribeBody = z
    .object({
      endpoint: endpointField(allowPrivate),
      keys: z.object(
        {
          p256dh: z
            .string({ error: MSG_P256DH })
            .max(200)
            .refine(isP256Point, { error: MSG_P256DH }),
          auth: z
            .string({ error: MSG_AUTH })
            .max(100)
            .refine((v) => decoded(v)?.length === 16, { error: MSG_AUTH }),
        },
        { error: MSG_KEYS_REQUIRED },
      ),
    })
    .meta({
      description: "The browser's PushSubscription.toJSON() (expirationTime is ignored)",
      example: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/dT3…',
        keys: {
          p256dh:
            'BJR6oyHtys7j4vSJ3LoZn-WU1erK66Z0CxL5JqqV851Cs99j6p72A3ka_T04f6YF0v0Ufc-26PSyl9lb2E5Q8AY',
          auth: 'K8GyqZmW0tJ25VODzF6aCw',
        },
      },
    });
  const unsubscribeBody = z
    .object({
      endpoint: z
        .string({ error: MSG_ENDPOINT_REQUIRED })
        .min(1, { error: MSG_ENDPOINT_REQUIRED })
        .max(MAX_ENDPOINT_LENGTH, { error: MSG_ENDPOINT_TOO_LONG }),
    })
    .meta({ description: 'The endpoint of the subscription to remove' });

  r.get(
    '/api/push/public-key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key (applicationServerKey) to subscribe devices with',
        response: { 200: publicKeySchema, ...errorResponses(401) },
      },
    },
    async () => ({ publicKey: services.push.publicKey }),
  );

  r.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Save this device's push subscription for the caller (one per endpoint)",
        description:
          'An endpoint saved before is replaced for the same account, or for another account ' +
          'sending the same keys (the same browser subscription, someone else signed in on the ' +
          'device). Another account with other keys gets 409 ENDPOINT_TAKEN and the ' +
          'subscription stays where it was.',
        body: subscribeBody,
        response: { 201: subscriptionSchema, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const row = await services.push.subscribe(
        request.user.id,
        {
          endpoint,
          keys: { p256dh: keys.p256dh.replace(/=+$/, ''), auth: keys.auth.replace(/=+$/, '') },
        },
        request.headers['user-agent'] ?? null,
      );
      return reply.code(201).send({
        id: row.id,
        endpoint: row.endpoint,
        createdAt: iso(row.createdAt),
        lastSuccessAt: row.lastSuccessAt === null ? null : iso(row.lastSuccessAt),
      });
    },
  );

  r.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Stop push notifications to this device (204 also when the caller has no subscription there)',
        body: unsubscribeBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      await services.push.unsubscribe(request.user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
