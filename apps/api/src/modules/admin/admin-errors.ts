// Errors of the admin area, each with its literal code (docs/api.md, admin area).
import { AppError } from '../../errors/app-errors.js';

export const ADMIN_TEXT = {
  notAdmin: 'Only administrators of this server can do this.',
  personNotFound: 'There is no account with this id.',
  jobNotFound: 'There is no failed job with this id.',
  self: 'You cannot do this to your own account here.',
  alreadyVerified: 'This address is already verified.',
  configuredAdmin:
    'This person is an administrator through ADMIN_EMAILS: change that setting on the server to remove them.',
  lastAdmin: 'You are the last administrator: make someone else an administrator first.',
  claimUnavailable:
    'Only the one account of a new server without an administrator can claim the role, and only once.',
} as const;

/** 403 NOT_ADMIN: a signed-in person who is not an administrator called an admin route. */
export class NotAdminError extends AppError {
  readonly status = 403;
  readonly code = 'NOT_ADMIN';
  constructor() {
    super(ADMIN_TEXT.notAdmin);
  }
}

/** 409: the admin action does not apply to this account or job as it stands. */
export class AdminConflictError extends AppError {
  readonly status = 409;
  constructor(
    readonly code:
      'SELF_ACTION' | 'ALREADY_VERIFIED' | 'CONFIGURED_ADMIN' | 'LAST_ADMIN' | 'CLAIM_UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}
