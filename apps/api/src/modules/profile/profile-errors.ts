// Errors of the profile, friend-link and sign-up-policy use cases (their codes per the API plan).
import { AUTH_MESSAGES } from '@evenly/core';
import { AppError } from '../../errors/app-errors.js';

export const PROFILE_TEXT = {
  pictureNotFound: 'Picture not found.',
  notAnImage: 'Please choose an image file (JPEG, PNG, WebP or HEIC).',
  pictureTooLarge: 'The file is too large. The maximum size is 5 MB.',
  pictureMissing: 'Please choose a picture to upload.',
  sameEmail: AUTH_MESSAGES.sameEmail,
  changeEmailSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your address changes when you open it.`,
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  confirmInvalid: 'The confirmation link is invalid or has expired.',
  outstanding: 'You still have outstanding balances. Settle up first, or confirm to delete anyway.',
  inviteOnly: 'Sign-ups on this server need an invitation. Ask a member for an invite link.',
  closed: 'This server is not accepting new accounts.',
  friendLinkInvalid: 'This friend link is invalid or has been replaced.',
  ownFriendLink: 'This is your own friend link.',
  deletedName: 'Deleted user',
} as const;

/** 403: the server's sign-up policy (REGISTRATION) refuses a new account. */
export class RegistrationRefusedError extends AppError {
  readonly status = 403;
  constructor(
    readonly code: 'REGISTRATION_INVITE_ONLY' | 'REGISTRATION_CLOSED',
    message: string,
  ) {
    super(message);
  }
}

/** 404 FRIEND_LINK_INVALID: no account has this friend link token (any more). */
export class FriendLinkInvalidError extends AppError {
  readonly status = 404;
  readonly code = 'FRIEND_LINK_INVALID';
  constructor() {
    super(PROFILE_TEXT.friendLinkInvalid);
  }
}
