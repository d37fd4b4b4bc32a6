// The admin area's health: the job queue's backlog, failed jobs (with Retry), e-mails that
// failed with the mail server's answer, push failures, and a test e-mail.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../api/admin';
import { errorMessage } from '../../api/client';
import type { AdminHealth as Health, AdminTestMail } from '../../api/types';
import { Alert } from '../Alert';
import { MailIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { formatWhen } from './format';

function Empty({ children }: { children: string }) {
  return <p className="card p-4 text-muted">{children}</p>;
}

function Subsection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mt-5">
      <h3 className="mb-2 font-semibold">{title}</h3>
      {children}
    </div>
  );
}

function TestEmail() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AdminTestMail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const client = useQueryClient();
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await adminApi.testEmail());
      await client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    } catch (e) {
      setResult(null);
      setFailure(errorMessage(e, 'Could not send the test e-mail.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card p-4">
      <p className="mb-3 text-muted">
        Sends a message to your own address now and shows the mail server's answer.
      </p>
      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void send()}>
        <MailIcon className="size-5" />
        {busy ? 'Sending…' : 'Send test e-mail'}
      </button>
      <div className="mt-3" aria-live="polite">
        {failure !== null ? <Alert>{failure}</Alert> : null}
        {result?.sent === true ? <Alert kind="success">Sent to {result.to}.</Alert> : null}
        {result?.sent === false ? (
          <Alert>
            Could not send to {result.to}: <span className="break-words">{result.error}</span>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

function FailedJobs({ jobs }: { jobs: Health['failedJobs'] }) {
  const toast = useToast();
  const client = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const retry = async (id: number) => {
    setBusy(id);
    try {
      await adminApi.retryJob(id);
      toast.success('The job will run again');
      await client.invalidateQueries({ queryKey: ['admin'] });
    } catch (e) {
      toast.error(errorMessage(e, 'Could not retry the job.'));
    } finally {
      setBusy(null);
    }
  };
  if (jobs.length === 0) return <Empty>No failed jobs.</Empty>;
  return (
    <ul className="card divide-y divide-border" aria-label="Failed jobs">
      {jobs.map((j) => (
        <li key={j.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-all">{j.kind}</p>
            <p className="text-sm break-words text-danger">{j.error ?? 'No error recorded'}</p>
            <p className="text-xs text-muted">
              {j.attempts} attempts
              {j.failedAt === null ? '' : ` · failed ${formatWhen(j.failedAt)}`}
            </p>
          </div>
          <button
            type="button"
            className="btn-secondary shrink-0"
            disabled={busy === j.id}
            onClick={() => void retry(j.id)}
            aria-label={`Retry ${j.kind} job ${j.id}`}
          >
            Retry
          </button>
        </li>
      ))}
    </ul>
  );
}

export function AdminHealth() {
  const health = useQuery({ queryKey: ['admin', 'health'], queryFn: adminApi.health });
  return (
    <section aria-labelledby="admin-health-title">
      <h2 id="admin-health-title" className="mb-3 text-lg font-semibold">
        Health
      </h2>
      {health.isPending ? (
        <SkeletonList rows={3} />
      ) : health.isError ? (
        <Alert>{errorMessage(health.error)}</Alert>
      ) : (
        <>
          <dl className="card grid grid-cols-2 gap-3 p-4 sm:grid-cols-4">
            {(
              [
                ['Waiting (backlog)', health.data.jobs.due],
                ['Scheduled', health.data.jobs.scheduled],
                ['Running', health.data.jobs.running],
                ['Failed', health.data.jobs.failed],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-xl bg-surface-2 p-3">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-xl font-semibold">{n}</dd>
              </div>
            ))}
          </dl>
          <Subsection title="Failed jobs">
            <FailedJobs jobs={health.data.failedJobs} />
          </Subsection>
          <Subsection title="E-mails that failed">
            {health.data.failedMails.length === 0 ? (
              <Empty>No e-mail failed.</Empty>
            ) : (
              <ul className="card divide-y divide-border" aria-label="E-mails that failed">
                {health.data.failedMails.map((m) => (
                  <li key={m.id} className="px-4 py-3">
                    <p className="font-medium break-all">
                      {m.to ?? 'Unknown address'}{' '}
                      <span className="text-sm text-muted">({m.kind})</span>
                    </p>
                    <p className="text-sm break-words text-danger">{m.error}</p>
                    <p className="text-xs text-muted">
                      {m.nextAttemptAt === null
                        ? `Given up after ${m.attempts} attempts`
                        : `Tried ${m.attempts} times; next try ${formatWhen(m.nextAttemptAt)}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Subsection>
          <Subsection title="Push failures">
            {health.data.pushFailures.length === 0 ? (
              <Empty>No push notification failed.</Empty>
            ) : (
              <ul className="card divide-y divide-border" aria-label="Push failures">
                {health.data.pushFailures.map((p) => (
                  <li key={p.subscriptionId} className="px-4 py-3">
                    <p className="font-medium">{p.userName}</p>
                    <p className="text-sm break-words text-danger">{p.answer}</p>
                    <p className="text-xs text-muted">{formatWhen(p.failedAt)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Subsection>
        </>
      )}
      <Subsection title="Test e-mail">
        <TestEmail />
      </Subsection>
    </section>
  );
}
