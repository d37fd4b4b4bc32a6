// The admin area (/app/admin): people, registration, instance, health, backup and the audit
// log, one section at a time (?section=…). The server refuses every admin call to anyone who is
// not an administrator; this page only says so instead of showing empty sections.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../components/Alert';
import { AdminAudit } from '../components/admin/AdminAudit';
import { AdminHealth } from '../components/admin/AdminHealth';
import { AdminBackup, AdminInstance } from '../components/admin/AdminInstance';
import { AdminPeople } from '../components/admin/AdminPeople';
import { AdminRegistration } from '../components/admin/AdminRegistration';
import { PageHeader } from '../components/PageHeader';
import { SkeletonList } from '../components/Skeleton';
import { useMe } from '../hooks/useBalances';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { appErrorText } from '../lib/appErrors';

const SECTIONS = [
  { id: 'people', label: msg`People` },
  { id: 'registration', label: msg`Registration` },
  { id: 'instance', label: msg`Instance` },
  { id: 'health', label: msg`Health` },
  { id: 'backup', label: msg`Backup` },
  { id: 'audit', label: msg`Audit log` },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function isSection(value: string | null): value is SectionId {
  return SECTIONS.some((s) => s.id === value);
}

export default function AdminPage() {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const raw = params.get('section');
  const section: SectionId = isSection(raw) ? raw : 'people';
  const label = i18n._(SECTIONS.find((s) => s.id === section)?.label ?? SECTIONS[0].label);
  useDocumentTitle(t`Admin · ${label}`);
  const me = useMe();

  let body: ReactNode;
  if (me.isPending) body = <SkeletonList rows={4} />;
  else if (me.isError)
    body = <Alert>{appErrorText(i18n, me.error, msg`Could not load your account.`)}</Alert>;
  else if (!me.data.isAdmin) {
    body = (
      <Alert>
        <Trans>Only administrators of this server can open the admin area.</Trans>
      </Alert>
    );
  } else {
    body = (
      <>
        <nav aria-label={t`Admin sections`} className="mb-4 -mx-1 overflow-x-auto">
          <ul className="flex gap-1 px-1 pb-1">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/app/admin?section=${s.id}`}
                  aria-current={s.id === section ? 'page' : undefined}
                  className={`flex min-h-11 items-center rounded-xl px-3 text-sm font-medium whitespace-nowrap ${
                    s.id === section
                      ? 'bg-primary-soft text-primary'
                      : 'text-muted hover:bg-surface-2 hover:text-fg'
                  }`}
                >
                  {i18n._(s.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {section === 'people' ? <AdminPeople selfId={me.data.id} /> : null}
        {section === 'registration' ? <AdminRegistration /> : null}
        {section === 'instance' ? <AdminInstance /> : null}
        {section === 'health' ? <AdminHealth /> : null}
        {section === 'backup' ? <AdminBackup /> : null}
        {section === 'audit' ? <AdminAudit /> : null}
      </>
    );
  }
  return (
    <>
      <PageHeader title={t`Admin`} />
      {body}
    </>
  );
}
