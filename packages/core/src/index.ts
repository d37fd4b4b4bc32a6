// Public surface of the pure domain core. Everything exported here is free of I/O.
export * from './money.js';
export * from './split.js';
export * from './pairwise-debts.js';
export * from './balances.js';
export * from './simplify-debts.js';
export * from './group-lines.js';
export * from './validation/issues.js';
export * from './validation/currency.js';
export * from './validation/fields.js';
export * from './validation/expense.js';
export * from './validation/payment.js';
export * from './validation/group.js';
export * from './validation/comment.js';
export * from './validation/friend.js';
export * from './validation/path-id.js';
export * from './validation/auth.js';
