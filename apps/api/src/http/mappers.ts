// Response mapping helpers shared by every module: people, money and times as the contract
// writes them (§1.2, §1.3, §3).
import { minorToNumber } from '@evenly/core';
import { z } from 'zod';

export const userSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z
      .string()
      .nullable()
      .meta({
        description:
          'The sign-in address; null for a person without an account who was added by name only, ' +
          'and for a deleted user ("Deleted user").',
      }),
  })
  .meta({ id: 'User' });
export type UserOut = z.infer<typeof userSchema>;

export function userOut(row: { id: number; name: string; email: string | null }): UserOut {
  return { id: row.id, name: row.name, email: row.email };
}

/**
 * Integer minor units → JSON number in major units of the currency (12.5 for 1250 USD cents,
 * 1250 for 1250 yen), never -0.
 */
export function money(value: number, currency: string): number {
  return minorToNumber(value, currency);
}

/** ISO 8601 UTC with milliseconds and Z. */
export function iso(value: Date): string {
  return value.toISOString();
}
