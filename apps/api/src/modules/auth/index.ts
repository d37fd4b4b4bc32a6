// The auth module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  asAccount,
  findAccountById,
  findTokenUser,
  findUserByEmail,
  findUserById,
  lockUserByEmail,
  setHomeCurrency,
} from './users.repository.js';
export type { AccountRow, UserRow } from './users.repository.js';
export { verifyPassword } from './passwords.js';
export { hashEmailToken, newEmailToken } from './email-token.js';
export { consumeEmailToken, findEmailToken, retireEmailTokens } from './email-tokens.repository.js';
export { changeEmailMailJob, changeEmailNoticeJob, verificationMailJob } from './auth-mail.jobs.js';
export { AUTH_TEXT } from './auth.service.js';
export { issueSession } from './session.js';
export type { LoginResult } from './session.js';
export { insertAccountWithoutPassword } from './external-account.js';
export { markEmailVerified } from './users.repository.js';
