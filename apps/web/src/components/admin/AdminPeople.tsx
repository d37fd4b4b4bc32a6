// The admin area's people: search, a list with status badges, and each person's actions in a
// menu, every one behind a confirm dialog.
import { useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { adminApi, type PersonAction } from '../../api/admin';
import { ApiError } from '../../api/client';
import type { AdminPerson } from '../../api/types';
import { Alert } from '../Alert';
import { ConfirmDialog } from '../ConfirmDialog';
import { SearchIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { appErrorText } from '../../lib/appErrors';
import { formatWhen } from './format';

type Action = PersonAction | 'delete';

type Texts = Record<'label' | 'title' | 'message' | 'done', MessageDescriptor>;

/** Each action's menu label, confirm title, confirm message ({name}, {email}) and toast. */
const ACTION_TEXT: Record<Action, Texts> = {
  disable: {
    label: msg`Disable`,
    title: msg`Disable this account?`,
    message: msg({
      message:
        '{name} ({email}): They are signed out everywhere at once and cannot sign in until enabled again.',
    }),
    done: msg`Account disabled`,
  },
  enable: {
    label: msg`Enable`,
    title: msg`Enable this account?`,
    message: msg({ message: '{name} ({email}): They can sign in again.' }),
    done: msg`Account enabled`,
  },
  'resend-verification': {
    label: msg`Resend verification e-mail`,
    title: msg`Resend the verification e-mail?`,
    message: msg({
      message: '{name} ({email}): A new verification link is sent to their address.',
    }),
    done: msg`Verification e-mail sent`,
  },
  'make-admin': {
    label: msg`Make administrator`,
    title: msg`Make them an administrator?`,
    message: msg({
      message: '{name} ({email}): They get this admin area, with every action in it.',
    }),
    done: msg`They are an administrator now`,
  },
  'remove-admin': {
    label: msg`Remove administrator`,
    title: msg`Remove their administrator role?`,
    message: msg({ message: '{name} ({email}): They keep their account but lose the admin area.' }),
    done: msg`Administrator role removed`,
  },
  delete: {
    label: msg`Delete account`,
    title: msg`Delete this account?`,
    message: msg({
      message:
        '{name} ({email}): Their personal data goes; shared expenses stay under "Deleted user". This cannot be undone.',
    }),
    done: msg`Account deleted`,
  },
};

/** An action's confirm message about this person. */
function confirmText(action: Action, name: string, email: string): MessageDescriptor {
  const { id, message } = ACTION_TEXT[action].message;
  return { id, message, values: { name, email } };
}

function actionsFor(p: AdminPerson, selfId: number): Action[] {
  if (p.id === selfId) return [];
  const list: Action[] = [];
  if (!p.emailVerified) list.push('resend-verification');
  if (!p.admin) list.push('make-admin');
  if (p.admin && !p.configuredAdmin) list.push('remove-admin');
  if (!p.configuredAdmin) list.push(p.disabled ? 'enable' : 'disable', 'delete');
  return list;
}

function Badge({
  tone,
  children,
}: {
  tone: 'danger' | 'primary' | 'muted';
  children: React.ReactNode;
}) {
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
  const { i18n } = useLingui();
  const actions = actionsFor(person, selfId);
  const name = person.name;
  const joined = formatWhen(i18n.locale, person.createdAt);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="admin-person">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words" translate="no">
          {person.name}
        </p>
        <p className="text-sm break-all text-muted" translate="no">
          {person.email}
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5">
          {person.disabled ? (
            <Badge tone="danger">
              <Trans>Disabled</Trans>
            </Badge>
          ) : null}
          {person.admin ? (
            <Badge tone="primary">
              {person.configuredAdmin ? <Trans>Admin (ADMIN_EMAILS)</Trans> : <Trans>Admin</Trans>}
            </Badge>
          ) : null}
          {person.emailVerified ? null : (
            <Badge tone="muted">
              <Trans>Not verified</Trans>
            </Badge>
          )}
          <span className="text-xs text-muted">
            <Trans>
              Joined <span translate="no">{joined}</span>
            </Trans>
          </span>
        </p>
      </div>
      {actions.length > 0 ? (
        <label className="shrink-0">
          <span className="sr-only">
            <Trans>
              Actions for <span translate="no">{name}</span>
            </Trans>
          </span>
          <select
            className="field min-h-11 w-auto"
            value=""
            onChange={(e) => {
              const action = e.target.value as Action;
              if (action) onAction(person, action);
            }}
          >
            <option value="">{i18n._(msg`Actions…`)}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {i18n._(ACTION_TEXT[a].label)}
              </option>
            ))}
          </select>
        </label>
      ) : person.id === selfId ? (
        <span className="text-sm text-muted">
          <Trans>You</Trans>
        </span>
      ) : (
        <span className="text-sm text-muted">
          <Trans>Set by ADMIN_EMAILS</Trans>
        </span>
      )}
    </li>
  );
}

export function AdminPeople({ selfId }: { selfId: number }) {
  const { i18n, t } = useLingui();
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
  const pendingName = pending?.person.name ?? '';

  const run = async () => {
    if (pending === null) return;
    const { person, action } = pending;
    try {
      if (action === 'delete') await adminApi.remove(person.id, outstanding);
      else await adminApi.act(person.id, action);
      toast.success(i18n._(ACTION_TEXT[action].done));
      setPending(null);
      setOutstanding(false);
      await client.invalidateQueries({ queryKey: ['admin'] });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'OUTSTANDING_BALANCE' && !outstanding) {
        setOutstanding(true);
        return;
      }
      toast.error(appErrorText(i18n, e, msg`Could not do that.`));
      setPending(null);
      setOutstanding(false);
    }
  };

  return (
    <section aria-labelledby="admin-people-title">
      <h2 id="admin-people-title" className="mb-3 text-lg font-semibold">
        <Trans>People</Trans>
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
          <span className="sr-only">
            <Trans>Search by name or e-mail</Trans>
          </span>
          <input
            type="search"
            className="field"
            placeholder={t`Search by name or e-mail`}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
        </label>
        <button type="submit" className="btn-secondary">
          <SearchIcon className="size-5" />
          <span>
            <Trans>Search</Trans>
          </span>
        </button>
      </form>
      {people.isPending ? (
        <SkeletonList rows={4} />
      ) : people.isError ? (
        <Alert>{appErrorText(i18n, people.error, msg`Could not load the people.`)}</Alert>
      ) : list.length === 0 ? (
        <p className="card p-4 text-muted">
          {query === '' ? t`No accounts yet.` : t`Nobody matches “${query}”.`}
        </p>
      ) : (
        <>
          <ul className="card divide-y divide-border" aria-label={t`People`}>
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
              {people.isFetchingNextPage ? t`Loading…` : t`Show more`}
            </button>
          ) : null}
        </>
      )}
      {pending !== null ? (
        <ConfirmDialog
          title={i18n._(ACTION_TEXT[pending.action].title)}
          message={
            outstanding
              ? t`${pendingName} still has outstanding balances. Delete the account anyway?`
              : i18n._(confirmText(pending.action, pendingName, pending.person.email))
          }
          confirmLabel={outstanding ? t`Delete anyway` : i18n._(ACTION_TEXT[pending.action].label)}
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
