// The admin area's request and response shapes (also its OpenAPI document), and the mappers
// from rows to them.
import { z } from 'zod';
import { REGISTRATION_POLICIES } from '../../config/config.js';
import type { AuditRow, FailedJobRow, MailJobRow, PushFailureRow } from './admin.repository.js';
import type { PersonView } from './admin-people.service.js';
import type { RegistrationSetting } from './admin.service.js';

const policy = z.enum(REGISTRATION_POLICIES as unknown as ['open', 'invite', 'closed']);

export const personSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string(),
    emailVerified: z.boolean(),
    disabled: z.boolean(),
    disabledAt: z.string().nullable(),
    admin: z
      .boolean()
      .meta({ description: 'Administrator, by ADMIN_EMAILS or in the admin area.' }),
    configuredAdmin: z.boolean().meta({
      description: 'Administrator by ADMIN_EMAILS: cannot be demoted, disabled or deleted here.',
    }),
  })
  .meta({
    id: 'AdminPerson',
    example: {
      id: 2,
      name: 'Bob',
      email: 'bob@example.com',
      createdAt: '2026-01-02T09:00:00.000Z',
      emailVerified: true,
      disabled: false,
      disabledAt: null,
      admin: false,
      configuredAdmin: false,
    },
  });

export function personOut(p: PersonView): z.infer<typeof personSchema> {
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    createdAt: p.createdAt.toISOString(),
    emailVerified: p.emailVerifiedAt !== null,
    disabled: p.disabledAt !== null,
    disabledAt: p.disabledAt?.toISOString() ?? null,
    admin: p.admin,
    configuredAdmin: p.configuredAdmin,
  };
}

export const deletePersonSchema = z
  .object({
    confirmOutstanding: z.boolean().optional().meta({
      description: 'Delete even when the person has outstanding balances (else 409).',
    }),
  })
  .meta({ id: 'AdminDeletePerson', example: { confirmOutstanding: false } });

export const registrationSchema = z
  .object({
    value: policy.meta({ description: 'The mode that applies now.' }),
    default: policy.meta({ description: 'REGISTRATION, which applies when no choice is stored.' }),
    overridden: z.boolean().meta({ description: 'True when an administrator chose the mode.' }),
  })
  .meta({
    id: 'AdminRegistration',
    example: { value: 'invite', default: 'open', overridden: true },
  });

export function registrationOut(s: RegistrationSetting): z.infer<typeof registrationSchema> {
  return { value: s.value, default: s.default, overridden: s.overridden };
}

export const setRegistrationSchema = z
  .object({
    value: policy.nullable().meta({ description: 'The new mode; null goes back to REGISTRATION.' }),
  })
  .meta({ id: 'AdminSetRegistration', example: { value: 'closed' } });

export const instanceSchema = z
  .object({
    people: z.number().int().meta({ description: 'Accounts (not guests, not deleted).' }),
    groups: z.number().int(),
    expenses: z.number().int().meta({ description: 'Expenses not deleted.' }),
    database: z.enum(['postgres', 'pglite']),
    databaseBytes: z.number().int(),
    storage: z.enum(['local', 's3']),
    receiptFiles: z.number().int().meta({ description: 'Receipt files and profile pictures.' }),
    receiptBytes: z.number().int(),
  })
  .meta({
    id: 'AdminInstance',
    example: {
      people: 12,
      groups: 4,
      expenses: 318,
      database: 'postgres',
      databaseBytes: 9_437_184,
      storage: 'local',
      receiptFiles: 27,
      receiptBytes: 5_242_880,
    },
  });

const jobSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    attempts: z.number().int(),
    error: z.string().nullable().meta({ description: 'The last attempt’s error.' }),
    failedAt: z.string().nullable().meta({ description: 'Set when the job was given up.' }),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminJob' });

const mailSchema = jobSchema
  .extend({
    to: z.string().nullable().meta({ description: 'The address, when the job carries one.' }),
    nextAttemptAt: z.string().nullable().meta({
      description: 'When it is tried again; null once given up.',
    }),
  })
  .meta({ id: 'AdminFailedMail' });

const pushFailureSchema = z
  .object({
    subscriptionId: z.number().int(),
    userId: z.number().int(),
    userName: z.string(),
    failedAt: z.string(),
    answer: z.string().nullable().meta({ description: "The push service's answer or the error." }),
    lastSuccessAt: z.string().nullable(),
  })
  .meta({ id: 'AdminPushFailure' });

export const healthSchema = z
  .object({
    jobs: z.object({
      due: z.number().int().meta({ description: 'Due and waiting for a worker: the backlog.' }),
      scheduled: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
    }),
    failedJobs: z.array(jobSchema),
    failedMails: z.array(mailSchema),
    pushFailures: z.array(pushFailureSchema),
  })
  .meta({
    id: 'AdminHealth',
    example: {
      jobs: { due: 0, scheduled: 2, running: 0, failed: 1 },
      failedJobs: [
        {
          id: 81,
          kind: 'invitations.mail',
          attempts: 5,
          error: '550 5.1.1 <someone@example.com>: Recipient address rejected',
          failedAt: '2026-11-28T10:15:00.000Z',
          createdAt: '2026-11-28T09:00:00.000Z',
        },
      ],
      failedMails: [],
      pushFailures: [],
    },
  });

function jobOut(j: FailedJobRow): z.infer<typeof jobSchema> {
  return {
    id: j.id,
    kind: j.kind,
    attempts: j.attempts,
    error: j.lastError,
    failedAt: j.failedAt?.toISOString() ?? null,
    createdAt: j.createdAt.toISOString(),
  };
}

function recipient(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  for (const key of ['email', 'to', 'newEmail', 'oldEmail']) {
    const value = (payload as Record<string, unknown>)[key];
    if (typeof value === 'string') return value;
  }
  return null;
}

export function healthOut(h: {
  jobs: z.infer<typeof healthSchema>['jobs'];
  failedJobs: FailedJobRow[];
  failedMails: MailJobRow[];
  pushFailures: PushFailureRow[];
}): z.infer<typeof healthSchema> {
  return {
    jobs: h.jobs,
    failedJobs: h.failedJobs.map(jobOut),
    failedMails: h.failedMails.map((m) => ({
      ...jobOut(m),
      to: recipient(m.payload),
      nextAttemptAt: m.failedAt === null ? m.runAfter.toISOString() : null,
    })),
    pushFailures: h.pushFailures.map((p) => ({
      subscriptionId: p.subscriptionId,
      userId: p.userId,
      userName: p.userName,
      failedAt: (p.failedAt ?? new Date(0)).toISOString(),
      answer: p.answer,
      lastSuccessAt: p.lastSuccessAt?.toISOString() ?? null,
    })),
  };
}

export const testMailSchema = z
  .object({
    to: z.string(),
    sent: z.boolean(),
    error: z.string().nullable().meta({ description: "The mail server's answer when it failed." }),
  })
  .meta({
    id: 'AdminTestMail',
    example: { to: 'admin@example.com', sent: false, error: '535 5.7.8 Authentication failed' },
  });

export const auditSchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
    action: z.string().meta({
      description:
        'disable, enable, delete, resend_verification, make_admin, remove_admin, claim_admin, ' +
        'set_registration, retry_job, test_email, download_backup',
    }),
    targetUserId: z.number().int().nullable(),
    target: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: 'AdminAuditEntry',
    example: {
      id: 14,
      at: '2026-11-28T10:20:00.000Z',
      actor: { id: 1, name: 'Ann', email: 'ann@example.com' },
      action: 'disable',
      targetUserId: 2,
      target: 'bob@example.com',
      details: { name: 'Bob' },
    },
  });

export function auditOut(a: AuditRow): z.infer<typeof auditSchema> {
  return {
    id: a.id,
    at: a.at.toISOString(),
    actor: { id: a.actorId, name: a.actorName, email: a.actorEmail },
    action: a.action,
    targetUserId: a.targetUserId,
    target: a.target,
    details:
      typeof a.details === 'object' && a.details !== null && !Array.isArray(a.details)
        ? (a.details as Record<string, unknown>)
        : {},
  };
}
