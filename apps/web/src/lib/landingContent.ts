// Feature lists of the landing page, exactly as product spec §1.
export const CURRENT_FEATURES = [
  'Installable phone app',
  'Registration and login with a signed token',
  'Friend management',
  'Group creation and management',
  'Expense tracking with equal, exact, percentage and share splits',
  'Payment recording',
  'Balance calculation',
  'Receipt scanning',
  'Receipt image storage',
  'Expense notes',
];
export const IN_DEVELOPMENT = [
  'Frontend UI',
  'Debt simplification suggestions',
  'Testing',
  'Real-time updates',
];
export const ROADMAP = [
  'Multi-currency refinement',
  'Reporting and analytics',
  'Recurring expenses',
  'Notifications',
  'Budgeting',
];
