// Why an OpenID Connect sign-in stopped. In the browser's round trip (start, callback) the code
// travels back to the sign-in page as `?oidc_error=CODE`; in POST /api/auth/oidc/session it is
// the error body's code. The sentences live in @evenly/core (oidc-errors.ts), for the web too.
import { oidcErrorMessage } from '@evenly/core';
import type { OidcErrorCode } from '@evenly/core';
import { AppError } from '../../errors/app-errors.js';

/** A sign-in that did not finish; `cause` keeps the library's reason for the log. */
export class OidcFlowError extends Error {
  constructor(
    readonly code: OidcErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'OidcFlowError';
  }
}

/** 400 from the session exchange: the one-time code is unknown, used or expired. */
export class OidcCodeInvalidError extends AppError {
  readonly status = 400;
  readonly code = 'OIDC_CODE_INVALID';
  constructor(providerName: string) {
    super(oidcErrorMessage('OIDC_CODE_INVALID', providerName));
  }
}

/** 404 when the server has no OpenID Connect provider (OIDC_ISSUER unset). */
export class OidcNotConfiguredError extends AppError {
  readonly status = 404;
  readonly code = 'OIDC_NOT_CONFIGURED';
  constructor() {
    super('This server has no single sign-on provider.');
  }
}
