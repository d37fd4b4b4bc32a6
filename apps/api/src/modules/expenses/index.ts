// The expenses module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { NO_EXPENSE_ACCESS, canSeeExpense, isDbId, participantIds } from './expense-access.js';
