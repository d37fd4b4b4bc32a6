// The admin area's people: search, disable and enable (every session revoked at once), delete by
// the account-deletion rules, resend the verification link, make or remove an administrator.
// Each action writes its audit entry in its own transaction.
import type { AppServices } from '../../composition/app-services.js';
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { Db } from '../../db/database.js';
import { NotFoundError } from '../../errors/app-errors.js';
import { decodeCursor, encodeCursor, idCursorShape } from '../../http/cursor.js';
import type { Page } from '../../http/cursor.js';
import type { AuthUser } from '../../plugins/authentication.js';
import { verificationMailJob } from '../auth/index.js';
import { isAdminAccount, isConfiguredAdmin } from './admin-access.js';
import { ADMIN_TEXT, AdminConflictError } from './admin-errors.js';
import type { PersonRow } from './admin.repository.js';
import {
  adminRowEmails,
  listPeople,
  lockPerson,
  setAdmin,
  setDisabled,
} from './admin.repository.js';

const MAX_USER_ID = 2_147_483_647;

type Collaborators = Pick<AppServices, 'admin' | 'accountDeletion'>;

export interface PersonView extends PersonRow {
  /** Administrator by ADMIN_EMAILS (cannot be removed in the admin area). */
  configuredAdmin: boolean;
  /** Administrator by either way. */
  admin: boolean;
}

export class AdminPeopleService {
  constructor(
    protected readonly deps: ServiceDeps,
    protected readonly services: Collaborators,
  ) {}

  private view(row: PersonRow): PersonView {
    const emails = this.deps.config.adminEmails;
    return {
      ...row,
      configuredAdmin: isConfiguredAdmin(emails, row.email),
      admin: isAdminAccount(emails, row),
    };
  }

  /** Accounts newest first whose name or address contains `query`; `before` is a cursor. */
  async list(query: string, limit: number, before: string | undefined): Promise<Page<PersonView>> {
    const beforeId =
      before === undefined || before === '' ? null : decodeCursor(before, idCursorShape)[0];
    const rows = await listPeople(this.deps.db, query.trim(), limit + 1, beforeId);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items: items.map((r) => this.view(r)),
      nextCursor: rows.length > limit && last !== undefined ? encodeCursor([last.id]) : null,
    };
  }

  /** Runs `fn` on the locked account (404 when there is none) and returns it as it ends. */
  private async act(
    actor: AuthUser,
    id: number,
    fn: (tx: Db, person: PersonView) => Promise<void>,
  ): Promise<PersonView> {
    // A well-formed path id beyond the integer column names nobody.
    if (id > MAX_USER_ID) throw new NotFoundError(ADMIN_TEXT.personNotFound);
    const after = await this.deps.transaction(async (tx) => {
      const person = await lockPerson(tx, id);
      if (person === undefined) throw new NotFoundError(ADMIN_TEXT.personNotFound);
      await fn(tx, this.view(person));
      return lockPerson(tx, id);
    });
    if (after === undefined) throw new NotFoundError(ADMIN_TEXT.personNotFound);
    return this.view(after);
  }

  private refuseSelfOrConfigured(actor: AuthUser, person: PersonView): void {
    if (person.id === actor.id) throw new AdminConflictError('SELF_ACTION', ADMIN_TEXT.self);
    if (person.configuredAdmin) {
      throw new AdminConflictError('CONFIGURED_ADMIN', ADMIN_TEXT.configuredAdmin);
    }
  }

  /**
   * Disables the account: it cannot sign in, and its token version moves on, so every token of
   * theirs is refused at once here and, through the change feed, in every other process.
   */
  async disable(actor: AuthUser, id: number): Promise<PersonView> {
    const person = await this.act(actor, id, async (tx, p) => {
      this.refuseSelfOrConfigured(actor, p);
      if (p.disabledAt !== null) return;
      await setDisabled(tx, p.id, new Date());
      await this.audit(tx, actor, 'disable', p);
    });
    this.deps.authenticator.evictUser(id);
    return person;
  }

  async enable(actor: AuthUser, id: number): Promise<PersonView> {
    return this.act(actor, id, async (tx, p) => {
      if (p.disabledAt === null) return;
      await setDisabled(tx, p.id, null);
      await this.audit(tx, actor, 'enable', p);
    });
  }

  /** Deletes the account by the account-deletion rules (OUTSTANDING_BALANCE unless confirmed). */
  async delete(actor: AuthUser, id: number, confirmOutstanding: boolean): Promise<void> {
    const person = await this.act(actor, id, (_tx, p) => {
      this.refuseSelfOrConfigured(actor, p);
      return Promise.resolve();
    });
    await this.services.accountDeletion.erase(id, { confirmOutstanding }, (tx) =>
      this.audit(tx, actor, 'delete', person, { confirmOutstanding }),
    );
  }

  /** Queues a new verification link (the auth module's mail job) for an unverified address. */
  async resendVerification(actor: AuthUser, id: number): Promise<PersonView> {
    const person = await this.act(actor, id, async (tx, p) => {
      if (p.emailVerifiedAt !== null) {
        throw new AdminConflictError('ALREADY_VERIFIED', ADMIN_TEXT.alreadyVerified);
      }
      await this.deps.jobs.enqueue(tx, verificationMailJob, { email: p.email });
      await this.audit(tx, actor, 'resend_verification', p);
    });
    await this.deps.jobs.wake();
    return person;
  }

  async makeAdmin(actor: AuthUser, id: number): Promise<PersonView> {
    return this.act(actor, id, async (tx, p) => {
      if (p.isAdmin) return;
      await setAdmin(tx, p.id, true);
      await this.audit(tx, actor, 'make_admin', p);
    });
  }

  /**
   * Removes the administrator role given in the admin area. ADMIN_EMAILS administrators stay
   * (CONFIGURED_ADMIN), and the last administrator cannot remove themselves (LAST_ADMIN).
   */
  async removeAdmin(actor: AuthUser, id: number): Promise<PersonView> {
    return this.act(actor, id, async (tx, p) => {
      if (p.configuredAdmin) {
        throw new AdminConflictError('CONFIGURED_ADMIN', ADMIN_TEXT.configuredAdmin);
      }
      if (!p.isAdmin) return;
      if (p.id === actor.id && !(await this.anotherAdmin(tx, p.email))) {
        throw new AdminConflictError('LAST_ADMIN', ADMIN_TEXT.lastAdmin);
      }
      await setAdmin(tx, p.id, false);
      await this.audit(tx, actor, 'remove_admin', p);
    });
  }

  /** True when an administrator other than `email` remains (by row or by ADMIN_EMAILS). */
  private async anotherAdmin(tx: Db, email: string): Promise<boolean> {
    if (this.deps.config.adminEmails.some((e) => e !== email)) return true;
    return (await adminRowEmails(tx)).some((e) => e !== email);
  }

  private audit(
    tx: Db,
    actor: AuthUser,
    action: string,
    person: PersonView,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return this.services.admin.audit(tx, actor, {
      action,
      targetUserId: person.id,
      target: person.email,
      details: { name: person.name, ...details },
    });
  }
}
