// The admin area's core: who is an administrator, the first account's one-time claim, the
// registration mode set at run time, and the audit log every admin action writes to.
import type { ServiceDeps } from '../../composition/service-deps.js';
import type { RegistrationPolicy } from '../../config/config.js';
import { REGISTRATION_POLICIES } from '../../config/config.js';
import type { Db } from '../../db/database.js';
import { decodeCursor, encodeCursor, idCursorShape } from '../../http/cursor.js';
import type { Page } from '../../http/cursor.js';
import type { AuthUser } from '../../plugins/authentication.js';
import { adminAccess, isClaimOpen } from './admin-access.js';
import { ADMIN_TEXT, AdminConflictError, NotAdminError } from './admin-errors.js';
import type { AuditRow } from './admin.repository.js';
import {
  accountCounts,
  deleteSetting,
  findPerson,
  insertAudit,
  insertSettingOnce,
  listAudit,
  readSetting,
  setAdmin,
  writeSetting,
} from './admin.repository.js';

/** Facts that leave the claim closed: for the administrator check alone. */
const NO_CLAIM = { accounts: 0, rowAdmins: 0, claimed: true } as const;

/** Settings keys (instance_settings). */
export const SETTING = { registration: 'registration', adminClaim: 'admin_claim' } as const;

export interface AuditEntry {
  action: string;
  targetUserId?: number | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

export interface RegistrationSetting {
  /** What applies now. */
  value: RegistrationPolicy;
  /** REGISTRATION, what applies when no administrator chose. */
  default: RegistrationPolicy;
  /** True when an administrator's choice overrides REGISTRATION. */
  overridden: boolean;
}

function isPolicy(value: unknown): value is RegistrationPolicy {
  return typeof value === 'string' && REGISTRATION_POLICIES.includes(value as RegistrationPolicy);
}

export class AdminService {
  constructor(protected readonly deps: ServiceDeps) {}

  /**
   * Whether the signed-in person is an administrator, read from the database on every call: a
   * change (made admin, demoted) applies to the very next request in every process.
   */
  async isAdmin(user: AuthUser, db: Db = this.deps.db): Promise<boolean> {
    const person = await findPerson(db, user.id);
    if (person === undefined || person.disabledAt !== null) return false;
    return adminAccess(this.deps.config.adminEmails, person, NO_CLAIM).isAdmin;
  }

  /** Throws 403 NOT_ADMIN unless the person is an administrator (the admin route scope). */
  async requireAdmin(user: AuthUser): Promise<void> {
    if (!(await this.isAdmin(user))) throw new NotAdminError();
  }

  /** Whether the first account's claim is open now (admin-access.ts, isClaimOpen). */
  private async claimOpen(db: Db): Promise<boolean> {
    const claimed = (await readSetting(db, SETTING.adminClaim)) !== undefined;
    return isClaimOpen(this.deps.config.adminEmails, { ...(await accountCounts(db)), claimed });
  }

  /** The first account claims the administrator role: once per server, ever. */
  async claim(user: AuthUser): Promise<void> {
    await this.deps.transaction(async (tx) => {
      if (!(await this.claimOpen(tx))) {
        throw new AdminConflictError('CLAIM_UNAVAILABLE', ADMIN_TEXT.claimUnavailable);
      }
      const at = new Date();
      // The primary key makes a second claim fail even if two raced past the check.
      const first = await insertSettingOnce(
        tx,
        SETTING.adminClaim,
        { userId: user.id, at: at.toISOString() },
        user.id,
      );
      if (!first) throw new AdminConflictError('CLAIM_UNAVAILABLE', ADMIN_TEXT.claimUnavailable);
      await setAdmin(tx, user.id, true);
      await this.audit(tx, user, {
        action: 'claim_admin',
        targetUserId: user.id,
        target: user.email,
      });
    });
  }

  /** The registration mode that applies now: the administrator's choice, else REGISTRATION. */
  async registrationPolicy(db: Db = this.deps.db): Promise<RegistrationPolicy> {
    return (await this.registration(db)).value;
  }

  async registration(db: Db = this.deps.db): Promise<RegistrationSetting> {
    const stored = await readSetting(db, SETTING.registration);
    const fallback = this.deps.config.registration;
    return isPolicy(stored)
      ? { value: stored, default: fallback, overridden: true }
      : { value: fallback, default: fallback, overridden: false };
  }

  /** Sets the registration mode; null goes back to REGISTRATION. Applies to the next sign-up. */
  async setRegistration(
    actor: AuthUser,
    value: RegistrationPolicy | null,
  ): Promise<RegistrationSetting> {
    return this.deps.transaction(async (tx) => {
      const before = await this.registration(tx);
      if (value === null) await deleteSetting(tx, SETTING.registration);
      else await writeSetting(tx, SETTING.registration, value, actor.id);
      const after = await this.registration(tx);
      await this.audit(tx, actor, {
        action: 'set_registration',
        target: 'registration',
        details: { from: before.value, to: after.value, overridden: after.overridden },
      });
      return after;
    });
  }

  /** Writes one audit entry, in the transaction of the action it records. */
  async audit(tx: Db, actor: AuthUser, entry: AuditEntry): Promise<void> {
    await insertAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      action: entry.action,
      targetUserId: entry.targetUserId ?? null,
      target: entry.target ?? null,
      details: entry.details ?? {},
    });
  }

  /** The audit log, newest first; `before` is an opaque cursor (400 `Invalid cursor.`). */
  async auditLog(limit: number, before: string | undefined): Promise<Page<AuditRow>> {
    const beforeId =
      before === undefined || before === '' ? null : decodeCursor(before, idCursorShape)[0];
    const rows = await listAudit(this.deps.db, limit + 1, beforeId);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor: rows.length > limit && last !== undefined ? encodeCursor([last.id]) : null,
    };
  }
}
