import { api } from './client';
import type { Payment, PaymentRequest, SettleRequest } from './types';

export const paymentsApi = {
  create: (data: PaymentRequest) =>
    api<Payment>('/payments', {
      method: 'POST',
      body: data,
      defaultMessage: 'Failed to record payment',
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
  settle: (data: SettleRequest) =>
    api<Payment[]>('/payments/settle', {
      method: 'POST',
      body: data,
      defaultMessage: 'Failed to record payment',
    }),
};
