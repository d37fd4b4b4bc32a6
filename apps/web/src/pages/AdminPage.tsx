// The admin area (/app/admin): people, registration, instance, health, backup and the audit
// log, one section at a time (?section=…). The server refuses every admin call to anyone who is
// not an administrator; this page only says so instead of showing empty sections.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { errorMessage } from '../api/client';

const SECTIONS = [
  { id: 'people', label: 'People' },
  { id: 'registration', label: 'Registration' },
  { id: 'instance', label: 'Instance' },
  { id: 'health', label: 'Health' },
  { id: 'backup', label: 'Backup' },
  { id: 'audit', label: 'Audit log' },
] as const;
type SectionId = (typeof SECTIONS)[number]['id'];

function isSection(value: string | null): value is SectionId {
  return SECTIONS.some((s) => s.id === value);
}

export default function AdminPage() {
  const [params] = useSearchParams();
  const raw = params.get('section');
  const section: SectionId = isSection(raw) ? raw : 'people';
  const label = SECTIONS.find((s) => s.id === section)?.label ?? 'People';
  useDocumentTitle(`Admin · ${label}`);
  const me = useMe();

  let body: ReactNode;
  if (me.isPending) body = <SkeletonList rows={4} />;
  else if (me.isError)
    body = <Alert>{errorMessage(me.error, 'Could not load your account.')}</Alert>;
  else if (!me.data.isAdmin) {
    body = <Alert>Only administrators of this server can open the admin area.</Alert>;
  } else {
    body = (
      <>
        <nav aria-label="Admin sections" className="mb-4 -mx-1 overflow-x-auto">
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
                  {s.label}
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
      <PageHeader title="Admin" />
      {body}
    </>
  );
}
