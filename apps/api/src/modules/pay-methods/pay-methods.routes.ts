// Routes of "How to pay me" (issue #33 point 1, docs/api.md §4.1): my pay methods, read and
// replaced, and someone else's, for paying them at settle-up. Thin: validate with core's
// validatePayMethods (the web form checks the same rules), call the service, answer the set.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOLDER_MAX_LENGTH, pathIdSchema, payMethodsSchema } from '@evenly/core';
import type { PayMethods } from '@evenly/core';
import { errorResponses } from '../../http/error-body.js';
import type { AppServices } from '../../composition/app-services.js';

const tags = ['Accounts'];

const example = {
  bank: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder: 'Bea Costa' },
  paypal: 'beacosta',
  venmo: null,
  revolut: 'beacosta',
  monzo: null,
  upi: null,
  swish: null,
};

const handle = (description: string) => z.string().nullable().meta({ description });

const payMethodsOut = z
  .object({
    bank: z
      .object({
        iban: z.string().meta({ description: 'Upper-case, no spaces; its mod-97 checksum holds.' }),
        bic: z.string().nullable().meta({ description: '8 or 11 characters; null = not given.' }),
        holder: z.string().meta({
          description: `The account holder's name, 1–${String(HOLDER_MAX_LENGTH)} characters.`,
        }),
      })
      .nullable()
      .meta({
        description:
          'A bank account for SEPA transfers: offered (QR code and IBAN) when paying in EUR.',
      }),
    paypal: handle('PayPal.me name: paypal.me/<name>/<amount><CUR> in PayPal’s currencies.'),
    venmo: handle('Venmo username (without "@"): offered in USD.'),
    revolut: handle('Revolut tag (revolut.me/<tag>, without the amount): Revolut’s currencies.'),
    monzo: handle('Monzo.me name: monzo.me/<name>/<amount> in GBP.'),
    upi: handle('UPI address (VPA), name@bank: upi://pay in INR.'),
    swish: handle('Swish number, "07XXXXXXXX" or a business number "123XXXXXXX": in SEK.'),
  })
  .meta({
    id: 'PayMethods',
    description: 'How a person can be paid outside Evenly; null = not offered.',
    example,
  });

const payMethodsRequest = payMethodsSchema.meta({
  id: 'PayMethodsRequest',
  description:
    'The whole set, replacing the stored one, in the shape of PayMethods. A blank or absent field is not offered; `bank` is null or { iban, bic?, holder }. IBANs and BICs may have spaces and lower case, handles an "@" or their link (https://paypal.me/name); they are stored normalised. Every problem is reported at its field (400, details).',
  example: {
    bank: { iban: 'DE89 3704 0044 0532 0130 00', bic: '', holder: 'Bea Costa' },
    paypal: '@beacosta',
    revolut: 'beacosta',
  },
});

type PayMethodsOut = z.infer<typeof payMethodsOut>;
const out = (m: PayMethods): PayMethodsOut => m;

/** Routes for the signed-in user (registered in the protected scope). */
export async function payMethodsRoutes(
  app: FastifyInstance,
  { services }: { services: AppServices },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/me/pay-methods',
    {
      schema: {
        tags,
        summary: 'How to pay me: my pay methods',
        response: { 200: payMethodsOut, ...errorResponses(401) },
      },
    },
    async (request) => out(await services.payMethods.mine(request.user.id)),
  );

  r.put(
    '/api/auth/me/pay-methods',
    {
      schema: {
        tags,
        summary: 'Replace my pay methods',
        description:
          'Readable by the people who share a group or an accepted friendship with me (GET /api/users/{id}/pay-methods). Idempotent: sending the same set again changes nothing.',
        body: payMethodsRequest,
        response: { 200: payMethodsOut, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => out(await services.payMethods.replace(request.user.id, request.body)),
  );

  r.get(
    '/api/users/:id/pay-methods',
    {
      schema: {
        tags,
        summary: "Someone's pay methods, for paying them at settle-up",
        description:
          'Only for people who share a current group or an accepted friendship with the caller (or the caller themself); anyone else is 404, as if they did not exist. A person without methods answers all nulls.',
        params: z.object({ id: pathIdSchema('User') }),
        response: { 200: payMethodsOut, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => out(await services.payMethods.ofPerson(request.user.id, request.params.id)),
  );
}
