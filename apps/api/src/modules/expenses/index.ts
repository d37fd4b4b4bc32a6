// The expenses module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { NO_EXPENSE_ACCESS, canSeeExpense, isDbId, participantIds } from './expense-access.js';
export { todayUtc } from './expense-write-types.js';
export type { ExpenseView } from './expense.repository.js';
export { loadExpenseViews } from './expense.repository.js';
export type { ReceiptLinker } from './expense.mapper.js';
export { expenseOut, paymentOut } from './expense.mapper.js';
export { replaceParticipants } from './expense.repository.js';
export { renameItemPeople } from './expense-items.repository.js';
export { pageQuerySchema, paymentSchema, readBefore, readLimit } from './expense.mapper.js';
export { expenseSchema } from './expense.mapper.js';
export type { SeriesSummary } from './expense.repository.js';
export type { Person } from './expense.repository.js';
export { recurrenceSchema, seriesSummarySchema } from './series-summary.mapper.js';
export { receiptLinker } from './receipt-linker.js';
export type { ExpenseRequest } from './expense-write-types.js';
