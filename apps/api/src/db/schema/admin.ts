// The admin area (modules/admin): settings changed at run time and the log of admin actions.
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './people.js';

/**
 * Instance settings an administrator changes at run time, by key (e.g. `registration`); a key
 * without a row keeps the environment variable's value. Read from the database by every process.
 */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/** Every admin action: who, what, on whom, with which details; written in the action's transaction. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and address at the time (a deleted account keeps its log). */
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The target as shown at the time (an address, a job id, a setting). */
    target: text('target'),
    details: jsonb('details').notNull().default({}),
    at: createdAt(),
  },
  (t) => [index('admin_audit_target_idx').on(t.targetUserId)],
);
