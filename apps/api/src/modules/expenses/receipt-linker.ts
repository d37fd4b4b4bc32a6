// Receipt links in expense JSON are signed for the caller (they open without a bearer token).
import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../composition/app-services.js';
import type { ReceiptLinker } from './expense.mapper.js';

/** Signed receipt links for the caller, absolute from the request's scheme and host (and BASE_PATH). */
export function receiptLinker(
  services: Pick<AppServices, 'receipts'>,
  request: FastifyRequest,
): ReceiptLinker {
  const base = `${request.protocol}://${request.host}`;
  return (key) => services.receipts.signedUrl(base, key, request.user.id);
}
