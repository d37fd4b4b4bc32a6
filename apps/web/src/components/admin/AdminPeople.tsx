// The admin area's people: search, a list with status badges, and each person's actions in a
// menu, every one behind a confirm dialog.
import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type PersonAction } from '../../api/admin';
import { ApiError, errorMessage } from '../../api/client';
import type { AdminPerson } from '../../api/types';
import { Alert } from '../Alert';
import { ConfirmDialog } from '../ConfirmDialog';
import { SearchIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { formatWhen } from './format';

type Action = PersonAction | 'delete';

const ACTION_TEXT: Record<Action, { label: string; title: string; message: string; done: string }> =
  {
    disable: {
      label: 'Disable',
      title: 'Disable this account?',
      message: 'They are signed out everywhere at once and cannot sign in until enabled again.',
      done: 'Account disabled',
    },
    enable: {
      label: 'Enable',
      title: 'Enable this account?',
      message: 'They can sign in again.',
      done: 'Account enabled',
    },
    'resend-verification': {
      label: 'Resend verification e-mail',
      title: 'Resend the verification e-mail?',
      message: 'A new verification link is sent to their address.',
      done: 'Verification e-mail sent',
    },
    'make-admin': {
      label: 'Make administrator',
      title: 'Make them an administrator?',
      message: 'They get this admin area, with every action in it.',
      done: 'They are an administrator now',
    },
    'remove-admin': {
      label: 'Remove administrator',
      title: 'Remove their administrator role?',
      message: 'They keep their account but lose the admin area.',
      done: 'Administrator role removed',
    },
    delete: {
      label: 'Delete account',
      title: 'Delete this account?',
      message:
        'Their personal data goes; shared expenses stay under "Deleted user". This cannot be undone.',
      done: 'Account deleted',
    },
  };

function actionsFor(p: AdminPerson, selfId: number): Action[] {
  if (p.id === selfId) return [];
  const list: Action[] = [];
  if (!p.emailVerified) list.push('resend-verification');
  if (!p.admin) list.push('make-admin');
  if (p.admin && !p.configuredAdmin) list.push('remove-admin');
  if (!p.configuredAdmin) list.push(p.disabled ? 'enable' : 'disable', 'delete');
  return list;
}

function Badge({ tone, children }: { tone: 'danger' | 'primary' | 'muted'; children: string }) {
  const cls =
    tone === 'danger'
      ? 'bg-danger-soft text-danger'
      : tone === 'primary'
        ? 'bg-primary-soft text-primary'
        : 'bg-surface-2 text-muted';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>{children}</span>
  );
}

function PersonRow({
  person,
  selfId,
  onAction,
}: {
  person: AdminPerson;
  selfId: number;
  onAction: (person: AdminPerson, action: Action) => void;
}) {
  const actions = actionsFor(person, selfId);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="admin-person">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{person.name}</p>
        <p className="text-sm break-all text-muted">{person.email}</p>
        <p className="mt-1 flex flex-wrap gap-1.5">
          {person.disabled ? <Badge tone="danger">Disabled</Badge> : null}
          {person.admin ? (
            <Badge tone="primary">
              {person.configuredAdmin ? 'Admin (ADMIN_EMAILS)' : 'Admin'}
            </Badge>
          ) : null}
          {person.emailVerified ? null : <Badge tone="muted">Not verified</Badge>}
          <span className="text-xs text-muted">Joined {formatWhen(person.createdAt)}</span>
        </p>
      </div>
      {actions.length > 0 ? (
        <label className="shrink-0">
          <span className="sr-only">Actions for {person.name}</span>
          <select
            className="field min-h-11 w-auto"
            value=""
            onChange={(e) => {
              const action = e.target.value as Action;
              if (action) onAction(person, action);
            }}
          >
            <option value="">Actions…</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {ACTION_TEXT[a].label}
              </option>
            ))}
          </select>
        </label>
      ) : person.id === selfId ? (
        <span className="text-sm text-muted">You</span>
      ) : (
        <span className="text-sm text-muted">Set by ADMIN_EMAILS</span>
      )}
    </li>
  );
}

export function AdminPeople({ selfId }: { selfId: number }) {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<{ person: AdminPerson; action: Action } | null>(null);
  const [outstanding, setOutstanding] = useState(false);
  const toast = useToast();
  const client = useQueryClient();
  const people = useInfiniteQuery({
    queryKey: ['admin', 'people', query],
    queryFn: ({ pageParam }) => adminApi.people(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const list = people.data?.pages.flatMap((p) => p.items) ?? [];

  const run = async () => {
    if (pending === null) return;
    const { person, action } = pending;
    try {
      if (action === 'delete') await adminApi.remove(person.id, outstanding);
      else await adminApi.act(person.id, action);
      toast.success(ACTION_TEXT[action].done);
      setPending(null);
      setOutstanding(false);
      await client.invalidateQueries({ queryKey: ['admin'] });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'OUTSTANDING_BALANCE' && !outstanding) {
        setOutstanding(true);
        return;
      }
      toast.error(errorMessage(e, 'Could not do that.'));
      setPending(null);
      setOutstanding(false);
    }
  };

  return (
    <section aria-labelledby="admin-people-title">
      <h2 id="admin-people-title" className="mb-3 text-lg font-semibold">
        People
      </h2>
      <form
        role="search"
        className="mb-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(input.trim());
        }}
      >
        <label className="flex-1">
          <span className="sr-only">Search by name or e-mail</span>
          <input
            type="search"
            className="field"
            placeholder="Search by name or e-mail"
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-secondary">
          <SearchIcon className="size-5" />
          <span>Search</span>
        </button>
      </form>
      {people.isPending ? (
        <SkeletonList rows={4} />
      ) : people.isError ? (
        <Alert>{errorMessage(people.error, 'Could not load the people.')}</Alert>
      ) : list.length === 0 ? (
        <p className="card p-4 text-muted">
          {query === '' ? 'No accounts yet.' : `Nobody matches “${query}”.`}
        </p>
      ) : (
        <>
          <ul className="card divide-y divide-border" aria-label="People">
            {list.map((p) => (
              <PersonRow
                key={p.id}
                person={p}
                selfId={selfId}
                onAction={(person, action) => setPending({ person, action })}
              />
            ))}
          </ul>
          {people.hasNextPage ? (
            <button
              type="button"
              className="btn-secondary mt-3"
              disabled={people.isFetchingNextPage}
              onClick={() => void people.fetchNextPage()}
            >
              {people.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
        </>
      )}
      {pending !== null ? (
        <ConfirmDialog
          title={ACTION_TEXT[pending.action].title}
          message={
            outstanding
              ? `${pending.person.name} still has outstanding balances. Delete the account anyway?`
              : `${pending.person.name} (${pending.person.email}): ${ACTION_TEXT[pending.action].message}`
          }
          confirmLabel={outstanding ? 'Delete anyway' : ACTION_TEXT[pending.action].label}
          danger={pending.action === 'delete' || pending.action === 'disable'}
          onConfirm={run}
          onClose={() => {
            setPending(null);
            setOutstanding(false);
          }}
        />
      ) : null}
    </section>
  );
}
