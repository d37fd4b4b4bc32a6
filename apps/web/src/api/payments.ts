import { api } from './client';
import type { ExchangeRequest, Payment, PaymentRequest, SettleRequest } from './types';

export const paymentsApi = {
  /** `idempotencyKey`: the same for every attempt of one submission (lib/idempotency). */
  create: (data: PaymentRequest, idempotencyKey: string) =>
    api<Payment>('/payments', {
      method: 'POST',
      body: data,
      defaultMessage: 'Failed to record payment',
      idempotencyKey,
    }),
  update: (id: number, data: PaymentRequest) =>
    api<Payment>(`/payments/${id}`, {
      method: 'PUT',
      body: data,
      defaultMessage: `Failed to update payment ${id}`,
    }),
  remove: (id: number) =>
    api<null>(`/payments/${id}`, {
      method: 'DELETE',
      defaultMessage: `Failed to delete payment ${id}`,
    }),
  /** Undo of a delete: the payment (both of an exchange) back as it was. */
  restore: (id: number) =>
    api<Payment>(`/payments/${id}/restore`, {
      method: 'POST',
      defaultMessage: `Failed to restore payment ${id}`,
    }),
  settle: (data: SettleRequest, idempotencyKey: string) =>
    api<Payment[]>('/payments/settle', {
      method: 'POST',
      body: data,
      defaultMessage: 'Failed to record payment',
      idempotencyKey,
    }),
  /** A currency exchange in a group keeping currencies separate: two linked payments. */
  exchange: (groupId: number, data: ExchangeRequest, idempotencyKey: string) =>
    api<Payment[]>(`/groups/${groupId}/exchanges`, {
      method: 'POST',
      body: data,
      defaultMessage: 'Failed to convert the balance',
      idempotencyKey,
    }),
};
