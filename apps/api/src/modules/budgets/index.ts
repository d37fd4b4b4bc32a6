// The budgets module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export { alertThreshold, budgetAlertText, recordBudgetAlerts } from './budget-alerts.js';
