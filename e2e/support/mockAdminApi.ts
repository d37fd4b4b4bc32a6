// The admin area's answers for the mocked API (mockApi.ts), for the accessibility audit's admin
// screens: Ann is an administrator; Bob is disabled, Cy not verified; one failed job and mail.
const T = '2026-11-20T18:04:05.123Z';

const person = (id: number, name: string, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  email,
  createdAt: T,
  emailVerified: true,
  disabled: false,
  disabledAt: null,
  admin: false,
  configuredAdmin: false,
  ...extra,
});

const failedJob = {
  id: 81,
  kind: 'invitations.mail',
  attempts: 5,
  error: '550 5.1.1 <someone@example.com>: Recipient address rejected',
  failedAt: T,
  createdAt: T,
};

export const ADMIN_ROUTES: Record<string, unknown> = {
  'GET /api/admin/users': [
    person(3, 'Cy Park', 'cy@example.com', { emailVerified: false }),
    person(2, 'Bob Stone', 'bob@example.com', { disabled: true, disabledAt: T }),
    person(1, 'Ann Lee', 'ann@example.com', { admin: true, configuredAdmin: true }),
  ],
  'GET /api/admin/settings/registration': { value: 'invite', default: 'open', overridden: true },
  'GET /api/admin/instance': {
    people: 3,
    groups: 4,
    expenses: 318,
    database: 'pglite',
    databaseBytes: 9_437_184,
    storage: 'local',
    receiptFiles: 27,
    receiptBytes: 5_242_880,
  },
  'GET /api/admin/health': {
    jobs: { due: 0, scheduled: 2, running: 0, failed: 1 },
    failedJobs: [failedJob],
    failedMails: [{ ...failedJob, to: 'someone@example.com', nextAttemptAt: null }],
    pushFailures: [
      {
        subscriptionId: 4,
        userId: 2,
        userName: 'Bob Stone',
        failedAt: T,
        answer: '403 invalid JWT provided',
        lastSuccessAt: null,
      },
    ],
  },
  'GET /api/admin/audit': [
    {
      id: 2,
      at: T,
      actor: { id: 1, name: 'Ann Lee', email: 'ann@example.com' },
      action: 'disable',
      targetUserId: 2,
      target: 'bob@example.com',
      details: { name: 'Bob Stone' },
    },
    {
      id: 1,
      at: T,
      actor: { id: 1, name: 'Ann Lee', email: 'ann@example.com' },
      action: 'set_registration',
      targetUserId: null,
      target: 'registration',
      details: { from: 'open', to: 'invite', overridden: true },
    },
  ],
};
