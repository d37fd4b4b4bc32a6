// ProfileService: the signed-in person's name, picture and e-mail address (API plan §B), and the
// public picture route. An address change takes effect only when the link mailed to the new
// address is opened; the old address is told.
import {
  asRecord,
  AUTH_MESSAGES,
  isAppLocale,
  NAME_MAX_LENGTH,
  readOptionalCurrency,
  readOptionalLocale,
  readOptionalTimeZone,
} from '@evenly/core';
import type { AppLocale, FieldRead } from '@evenly/core';
import { adminAccess } from '../admin/index.js';
import type { Db } from '../../db/database.js';
import { errorCode } from '../../db/errors.js';
import { noteChange } from '../../db/transaction.js';
import {
  ConflictError,
  InvalidCredentialsError,
  InvalidTokenError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
  WrongPasswordError,
} from '../../errors/app-errors.js';
import type { JobRegistry } from '../../jobs/job-registry.js';
import { translatorForRecipient } from '../../i18n/index.js';
import { changeEmailConfirmation, changeEmailNotice } from '../../mail/templates.js';
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import { AUTH_TEXT } from '../auth/index.js';
import { changeEmailMailJob, changeEmailNoticeJob } from '../auth/index.js';
import { hashEmailToken, newEmailToken } from '../auth/index.js';
import { consumeEmailToken, findEmailToken, retireEmailTokens } from '../auth/index.js';
import { verifyPassword } from '../auth/index.js';
import {
  asAccount,
  findAccountById,
  findUserByEmail,
  findUserById,
  lockUserByEmail,
  setHomeCurrency,
} from '../auth/index.js';
import { avatarUrlOf } from '../people/index.js';
import { AVATAR_CONTENT_TYPE, MAX_AVATAR_BYTES, toAvatarWebp } from './avatar-image.js';
import { PROFILE_TEXT } from './profile-errors.js';
import {
  insertChangeEmailToken,
  lockUser,
  meRowOf,
  rehashChangeEmailToken,
  replaceEmail,
  setAvatar,
  setName,
  setPreferences,
} from './profile.repository.js';

/** The other modules' services this file uses (composition/app-services.ts). */
type Collaborators = Pick<AppServices, 'avatarLinks' | 'invitations' | 'receipts'>;

const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

/** Me: the signed-in user as GET /api/auth/me gives it. */
export interface MeView {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  emailVerified: boolean;
  homeCurrency: string | null;
  locale: AppLocale | null;
  timeZone: string | null;
  avatarUrl: string | null;
  pendingEmail: string | null;
  /** The admin module's answer (ADMIN_EMAILS or the row), read in the same statement. */
  isAdmin: boolean;
  canClaimAdmin: boolean;
}

export interface UploadedPicture {
  bytes: Buffer;
  /** True when the file went past the size limit. */
  truncated: boolean;
}

export function avatarKey(userId: number, version: number): string {
  return `avatars/${userId}/${version}.webp`;
}

/** `name` of a PATCH body: trimmed, 1–100 characters (the register rule and sentences). */
function readName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    const message = AUTH_MESSAGES.nameRequired;
    throw new ValidationError(message, [{ field: 'name', message }]);
  }
  const name = value.trim();
  if ([...name].length > NAME_MAX_LENGTH) {
    const message = AUTH_MESSAGES.nameTooLong;
    throw new ValidationError(message, [{ field: 'name', message }]);
  }
  return name;
}

export class ProfileService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private now(): Date {
    return new Date();
  }

  async me(userId: number, db: Db = this.deps.db): Promise<MeView> {
    const row = await meRowOf(db, userId, this.now());
    if (row === undefined) throw new InvalidCredentialsError();
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: new Date(row.createdAt),
      emailVerified: row.emailVerified,
      homeCurrency: row.homeCurrency,
      // A language a later version dropped reads as none: the browser's is used.
      locale: row.locale !== null && isAppLocale(row.locale) ? row.locale : null,
      timeZone: row.timeZone,
      avatarUrl: avatarUrlOf(this.services.avatarLinks, row),
      pendingEmail: row.pendingEmail,
      ...adminAccess(this.deps.config.adminEmails, row, {
        accounts: Number(row.accounts),
        rowAdmins: Number(row.rowAdmins),
        claimed: row.claimed,
      }),
    };
  }

  /** PATCH /auth/me: any of `name`, `homeCurrency`, `locale`, `timeZone` (null clears one). */
  async update(userId: number, body: unknown): Promise<MeView> {
    const raw = asRecord(body);
    const name = 'name' in raw ? readName(raw.name) : undefined;
    const field = <T>(
      key: string,
      read: (input: unknown) => FieldRead<T>,
    ): { value: T } | undefined => {
      if (!(key in raw)) return undefined;
      const result = read(raw[key]);
      if (!result.ok)
        throw new ValidationError(result.message, [{ field: key, message: result.message }]);
      return { value: result.value };
    };
    const currency = field('homeCurrency', readOptionalCurrency);
    const locale = field('locale', readOptionalLocale);
    const timeZone = field('timeZone', readOptionalTimeZone);
    const at = this.now();
    return this.deps.transaction(async (tx) => {
      if (name !== undefined) {
        await setName(tx, userId, name, at);
        // Everyone who sees this person (friends, group members) refreshes.
        noteChange(tx, {
          entity: 'user',
          action: 'updated',
          id: userId,
          groupId: null,
          recipients: [userId],
          at,
        });
      }
      if (currency !== undefined) await setHomeCurrency(tx, userId, currency.value);
      if (locale !== undefined || timeZone !== undefined) {
        await setPreferences(
          tx,
          userId,
          {
            ...(locale === undefined ? {} : { locale: locale.value }),
            ...(timeZone === undefined ? {} : { timeZone: timeZone.value }),
          },
          at,
        );
      }
      return this.me(userId, tx);
    });
  }

  // ---- picture --------------------------------------------------------------------------------

  /** PUT /auth/me/avatar: resize, store under a new version, remove the old file. */
  async setPicture(userId: number, file: UploadedPicture | null): Promise<MeView> {
    if (file === null || file.bytes.length === 0) {
      throw new ValidationError(PROFILE_TEXT.notAnImage, [
        { field: 'file', message: PROFILE_TEXT.notAnImage },
      ]);
    }
    if (file.truncated || file.bytes.length > MAX_AVATAR_BYTES) {
      throw new PayloadTooLargeError(PROFILE_TEXT.pictureTooLarge);
    }
    const webp = await toAvatarWebp(file.bytes);
    if (webp === null) {
      throw new ValidationError(PROFILE_TEXT.notAnImage, [
        { field: 'file', message: PROFILE_TEXT.notAnImage },
      ]);
    }
    const storage = this.services.receipts.storage;
    const at = this.now();
    const { me, oldKey } = await this.deps.transaction(async (tx) => {
      const user = asAccount(await lockUser(tx, userId));
      if (user === undefined) throw new InvalidCredentialsError();
      const version = user.avatarVersion + 1;
      const key = avatarKey(userId, version);
      await storage.put(key, webp, AVATAR_CONTENT_TYPE);
      await setAvatar(tx, userId, { key, version }, at);
      this.notePicture(tx, userId, at);
      return { me: await this.me(userId, tx), oldKey: user.avatarKey };
    });
    if (oldKey !== null) await this.removeFile(oldKey);
    return me;
  }

  /** DELETE /auth/me/avatar: initials again (the version moves on, so old links stop). */
  async removePicture(userId: number): Promise<MeView> {
    const at = this.now();
    const { me, oldKey } = await this.deps.transaction(async (tx) => {
      const user = asAccount(await lockUser(tx, userId));
      if (user === undefined) throw new InvalidCredentialsError();
      if (user.avatarKey !== null) {
        await setAvatar(tx, userId, { key: null, version: user.avatarVersion + 1 }, at);
        this.notePicture(tx, userId, at);
      }
      return { me: await this.me(userId, tx), oldKey: user.avatarKey };
    });
    if (oldKey !== null) await this.removeFile(oldKey);
    return me;
  }

  private notePicture(tx: Db, userId: number, at: Date): void {
    noteChange(tx, {
      entity: 'user',
      action: 'updated',
      id: userId,
      groupId: null,
      recipients: [userId],
      at,
    });
  }

  /** Best effort: a leftover file is harmless and unreachable (its version is gone). */
  async removeFile(key: string): Promise<void> {
    try {
      await this.services.receipts.storage.delete(key);
    } catch (e) {
      this.deps.logger.warn({ err: e, key }, 'could not delete picture file');
    }
  }

  /** GET /users/{id}/avatar: the WebP when the signature names this user's current picture. */
  async picture(userId: number, v: string | undefined, sig: string | undefined): Promise<Buffer> {
    if (v === undefined || sig === undefined || !/^[0-9]{1,10}$/.test(v) || sig.length > 64) {
      throw new NotFoundError(PROFILE_TEXT.pictureNotFound);
    }
    const version = Number(v);
    if (!this.services.avatarLinks.verify(userId, version, sig)) {
      throw new NotFoundError(PROFILE_TEXT.pictureNotFound);
    }
    const user = await findUserById(this.deps.db, userId);
    if (user?.avatarKey == null || user.avatarVersion !== version) {
      throw new NotFoundError(PROFILE_TEXT.pictureNotFound);
    }
    const bytes = await this.services.receipts.storage.get(user.avatarKey);
    if (bytes === null) throw new NotFoundError(PROFILE_TEXT.pictureNotFound);
    return Buffer.from(bytes);
  }

  // ---- e-mail address -------------------------------------------------------------------------

  /** POST /auth/change-email: mails a confirmation link to the new address. */
  async requestEmailChange(
    userId: number,
    input: { newEmail: string; currentPassword: string },
  ): Promise<string> {
    const user = await findAccountById(this.deps.db, userId);
    if (user === undefined || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw new WrongPasswordError();
    }
    const newEmail = input.newEmail;
    if (newEmail === user.email) {
      throw new ValidationError(PROFILE_TEXT.sameEmail, [
        { field: 'newEmail', message: PROFILE_TEXT.sameEmail },
      ]);
    }
    if ((await findUserByEmail(this.deps.db, newEmail)) !== undefined) {
      throw new ConflictError('EMAIL_TAKEN', AUTH_TEXT.emailTaken);
    }
    const at = this.now();
    await this.deps.transaction(async (tx) => {
      await lockUser(tx, userId);
      // A newer request retires the older links.
      await retireEmailTokens(tx, userId, 'change_email', at);
      // A placeholder hash nobody holds: the mail job puts the mailed token's hash on the row.
      const tokenId = await insertChangeEmailToken(tx, {
        userId,
        newEmail,
        tokenHash: newEmailToken().hash,
        expiresAt: new Date(at.getTime() + CHANGE_EMAIL_TTL_MS),
      });
      await this.deps.jobs.enqueue(tx, changeEmailMailJob, { tokenId });
      await this.deps.jobs.enqueue(tx, changeEmailNoticeJob, {
        oldEmail: user.email,
        newEmail,
        name: user.name,
        ...(user.locale === null ? {} : { locale: user.locale }),
      });
      noteChange(tx, {
        entity: 'user',
        action: 'updated',
        id: userId,
        groupId: null,
        recipients: [userId],
        at,
      });
    });
    await this.deps.jobs.wake();
    return PROFILE_TEXT.changeEmailSent(newEmail);
  }

  /** POST /auth/confirm-email (public): the new address becomes the sign-in address. */
  async confirmEmailChange(token: string): Promise<string> {
    const at = this.now();
    const trimmed = token.trim();
    if (trimmed === '' || trimmed.length > 200)
      throw new InvalidTokenError(PROFILE_TEXT.confirmInvalid);
    let userId = 0;
    let message: string;
    try {
      message = await this.deps.transaction(async (tx) => {
        const row = await findEmailToken(tx, 'change_email', hashEmailToken(trimmed));
        if (
          row === undefined ||
          row.usedAt !== null ||
          row.newEmail === null ||
          row.expiresAt.getTime() <= at.getTime()
        ) {
          throw new InvalidTokenError(PROFILE_TEXT.confirmInvalid);
        }
        const user = asAccount(await lockUser(tx, row.userId));
        if (user === undefined) throw new InvalidTokenError(PROFILE_TEXT.confirmInvalid);
        const taken = await lockUserByEmail(tx, row.newEmail);
        if (taken !== undefined && taken.id !== user.id) {
          throw new ConflictError('EMAIL_TAKEN', AUTH_TEXT.emailTaken);
        }
        if (!(await consumeEmailToken(tx, row.id, at))) {
          throw new InvalidTokenError(PROFILE_TEXT.confirmInvalid);
        }
        await retireEmailTokens(tx, user.id, 'change_email', at);
        // Links mailed to the old address stop working with it (issue #30 finding 8).
        await retireEmailTokens(tx, user.id, 'reset_password', at);
        await retireEmailTokens(tx, user.id, 'verify_email', at);
        const updated = asAccount(await replaceEmail(tx, user.id, row.newEmail, at));
        if (updated === undefined) throw new InvalidTokenError(PROFILE_TEXT.confirmInvalid);
        // Invitations to the new address become friend requests (§5.7); guests added with it
        // become claimable (the claimable list reads the verified sign-in address).
        await this.services.invitations.onEmailVerified(tx, updated);
        userId = updated.id;
        return PROFILE_TEXT.emailChanged(updated.email);
      });
    } catch (e) {
      if (errorCode(e) === '23505') throw new ConflictError('EMAIL_TAKEN', AUTH_TEXT.emailTaken);
      throw e;
    }
    this.deps.authenticator.evictUser(userId);
    return message;
  }

  /** The change-email mails are sent by these jobs. */
  registerJobs(registry: JobRegistry): void {
    registry.register(changeEmailMailJob, ({ tokenId }) => this.mailEmailChange(tokenId));
    registry.register(changeEmailNoticeJob, async (p) => {
      const link = `${this.deps.config.appUrl}/app/account`;
      const tr = translatorForRecipient(p.locale);
      await this.deps.mailer.send(changeEmailNotice(tr, p.oldEmail, p.name, p.newEmail, link));
    });
  }

  /** Job: the confirmation link, while the request is still the pending one. */
  async mailEmailChange(tokenId: number): Promise<void> {
    const { token, hash } = newEmailToken();
    const row = await rehashChangeEmailToken(this.deps.db, tokenId, hash, this.now());
    if (row?.newEmail == null) return;
    const user = await findAccountById(this.deps.db, row.userId);
    if (user === undefined) return;
    const link = `${this.deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(
      changeEmailConfirmation(translatorForRecipient(user.locale), row.newEmail, user.name, link),
    );
  }
}
