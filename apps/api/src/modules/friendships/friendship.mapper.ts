// Friendship JSON: the schema of the Friendship resource and the function that writes it.
import { z } from 'zod';
import { iso, money, userOut, userSchema } from '../../http/mappers.js';
import type { FriendshipView } from './friendship.service.js';

export const balanceEntrySchema = z.object({
  currency: z.string(),
  netBalance: z.number(),
  nonGroupBalance: z.number(),
});

export const friendshipSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['PENDING', 'ACCEPTED']),
    direction: z.enum(['INCOMING', 'OUTGOING']).nullable(),
    otherUser: userSchema.extend({
      avatarUrl: z
        .string()
        .nullable()
        .meta({ description: 'Signed link of their profile picture; null = initials.' }),
    }),
    netBalance: z.number(),
    nonGroupBalance: z.number(),
    currency: z.string(),
    byCurrency: z.array(balanceEntrySchema),
    createdAt: z.string(),
  })
  .meta({ id: 'Friendship' });
export type FriendshipOut = z.infer<typeof friendshipSchema>;

export function friendshipOut(f: FriendshipView): FriendshipOut {
  return {
    id: f.id,
    status: f.status,
    direction: f.direction,
    otherUser: { ...userOut(f.otherUser), avatarUrl: f.otherUser.avatarUrl },
    netBalance: money(f.balance.netBalance, f.balance.currency),
    nonGroupBalance: money(f.balance.nonGroupBalance, f.balance.currency),
    currency: f.balance.currency,
    byCurrency: f.balance.byCurrency.map((e) => ({
      currency: e.currency,
      netBalance: money(e.netBalance, e.currency),
      nonGroupBalance: money(e.nonGroupBalance, e.currency),
    })),
    createdAt: iso(f.createdAt),
  };
}
