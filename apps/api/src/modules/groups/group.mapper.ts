// Group JSON: the schemas of the Group resources and the functions that write them.
import { z } from 'zod';
import { iso, money, userOut, userSchema } from '../../http/mappers.js';
import type { BalanceLineData } from '../balances/index.js';
import type { GroupView, GroupWithBalance } from './group.service.js';

export const groupMemberSchema = userSchema
  .extend({
    guest: z.boolean().meta({
      description:
        'A person without an account, added by name: takes part in entries, cannot sign in.',
    }),
    avatarUrl: z
      .string()
      .nullable()
      .meta({ description: 'Signed same-origin link to the profile picture; null = initials.' }),
  })
  .meta({ id: 'GroupMember' });

export const groupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    lastActivityAt: z.string(),
    creator: userSchema,
    members: z.array(groupMemberSchema),
    simplifyDebts: z.boolean(),
    defaultCurrency: z.string(),
    currencyMode: z.enum(['CONVERT', 'SEPARATE']).meta({
      description:
        'CONVERT: expenses and payments in other currencies are converted into defaultCurrency, balances are in it alone. SEPARATE: each stays in its own currency, balances per currency.',
    }),
    coverEmoji: z.string().nullable().meta({ description: 'One emoji shown as the cover.' }),
    coverColor: z
      .string()
      .nullable()
      .meta({ description: 'One of the palette names of GROUP_COVER_COLORS.' }),
  })
  .meta({ id: 'Group' });
export type GroupOut = z.infer<typeof groupSchema>;

/** GET /groups/{id}: the group and whether anyone in it still owes anyone (issue #31 point 4). */
export const groupDetailSchema = groupSchema
  .extend({
    everyoneSettled: z.boolean().meta({
      description:
        'Nobody in the group owes anybody anything, in any currency. With simplifyDebts: every member nets to zero. Without it: every pair is settled (debts in a circle that net to zero per person still count as open). A member may be settled while this is false.',
    }),
  })
  .meta({ id: 'GroupDetail' });

export const balanceLineSchema = z.object({
  otherUser: userSchema,
  netAmount: z.number(),
  currency: z.string(),
});

export const myGroupSchema = groupSchema.extend({
  myBalance: z.object({
    net: z.number(),
    currency: z.string(),
    lines: z.array(balanceLineSchema),
    approximate: z
      .object({ currency: z.string(), net: z.number(), missingCurrencies: z.array(z.string()) })
      .optional()
      .meta({
        description:
          "Every line in the caller's homeCurrency at the latest cached rates (approximate); absent without a home currency.",
      }),
  }),
});

export const suggestionSchema = z.object({
  from: userSchema,
  to: userSchema,
  amount: z.number(),
  currency: z.string(),
});

export function groupOut(g: GroupView): GroupOut {
  return {
    id: g.id,
    name: g.name,
    createdAt: iso(g.createdAt),
    lastActivityAt: iso(g.lastActivityAt),
    creator: userOut(g.creator),
    members: g.members.map((m) => ({
      ...userOut(m),
      guest: m.guest,
      avatarUrl: m.avatarUrl,
    })),
    simplifyDebts: g.simplifyDebts,
    defaultCurrency: g.defaultCurrency,
    currencyMode: g.currencyMode,
    coverEmoji: g.coverEmoji,
    coverColor: g.coverColor,
  };
}

export function lineOut(l: BalanceLineData) {
  return {
    otherUser: userOut(l.otherUser),
    netAmount: money(l.netCents, l.currency),
    currency: l.currency,
  };
}

export function myGroupOut(g: GroupWithBalance): z.infer<typeof myGroupSchema> {
  return {
    ...groupOut(g),
    myBalance: {
      net: money(g.myBalance.netCents, g.myBalance.currency),
      currency: g.myBalance.currency,
      lines: g.myBalance.lines.map(lineOut),
      ...(g.myBalance.approximate === null
        ? {}
        : {
            approximate: {
              currency: g.myBalance.approximate.currency,
              net: money(g.myBalance.approximate.cents, g.myBalance.approximate.currency),
              missingCurrencies: g.myBalance.approximate.missing,
            },
          }),
    },
  };
}
