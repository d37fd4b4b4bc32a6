// The ledger module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  convertChecked,
  groupCurrencyKey,
  ledgerCurrencyOf,
  readRateAsk,
  resolveConversion,
} from './conversion.js';
export type { RateLookup, RateSource, StoredConversion } from './conversion.js';
export { prepareLedgerWrite, readLedgerContext } from './ledger-context.js';
export type { LedgerContext, PreparedWrite } from './ledger-context.js';
export {
  applyEffect,
  expenseEffectDebts,
  expensePersonEffects,
  paymentEffectDebts,
  paymentPersonEffect,
  swapEffect,
} from './ledger-effects.js';
export type { OwedAmount, PayerAmount, PaymentParties } from './ledger-effects.js';
export { GUARD_RESULT, guardCtes, guardParams, verdictOf } from './ledger-guard.js';
export type { GuardResult, GuardValues, GuardVerdict } from './ledger-guard.js';
export {
  MSG_EXPENSE_EDIT_CONFLICT,
  MSG_PAYMENT_EDIT_CONFLICT,
  NO_EDIT_GUARD,
  checkUnchanged,
  guardedEdit,
  readExpectedUpdatedAt,
} from './edit-guard.js';
export type { EditGuard } from './edit-guard.js';
export { lockLedger, lockLedgerScope } from './ledger-locks.js';
export { findEntryRow, markEntryDeleted, unmarkEntryDeleted } from './ledger-entries.repository.js';
export { readRestoreFacts } from './restore-facts.js';
export { checkRestorable, checkRestoreAccess } from './restore-rules.js';
export { requestRates } from './conversion.js';
export { writeOutsideTransaction, writeUnderLocks } from './guarded-write.js';
export { checkConvertedAmount } from './conversion.js';
export type { PlannedWrite } from './guarded-write.js';
export { createdChange } from './guarded-write.js';
