// The one database schema, for PostgreSQL and embedded PGlite alike, declared by module in
// schema/*.ts and gathered here (import tables from this file).
// Migrations are generated from this file by drizzle-kit (`npm run db:generate`) and committed.
export * from './schema/people.js';
export * from './schema/ledger.js';
export * from './schema/recurring.js';
export * from './schema/activity.js';
export * from './schema/operations.js';
export * from './schema/budgets.js';
export * from './schema/imports.js';
export * from './schema/api-tokens.js';
export * from './schema/oidc.js';
export * from './schema/admin.js';
export * from './schema/pay-methods.js';
