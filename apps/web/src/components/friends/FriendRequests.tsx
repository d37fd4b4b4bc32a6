import { Trans, useLingui } from '@lingui/react/macro';
import { friendshipsApi } from '../../api/friendships';
import type { Friendship } from '../../api/types';
import { useIncomingRequests, useOutgoingRequests } from '../../hooks/useFriendships';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { Avatar } from '../Avatar';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { friendErrorText } from './friendErrors';

function RequestRow({ request, children }: { request: Friendship; children: React.ReactNode }) {
  const { t } = useLingui();
  const name = request.otherUser?.name ?? t`Unknown`;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar name={name} size="sm" src={request.otherUser?.avatarUrl ?? null} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-xs text-muted" translate="no">
          {request.otherUser?.email}
        </p>
      </div>
      <div className="flex gap-2">{children}</div>
    </li>
  );
}

export function FriendRequests() {
  const { t, i18n } = useLingui();
  const incoming = useIncomingRequests();
  const outgoing = useOutgoingRequests();
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const act = async (
    action: () => Promise<unknown>,
    success: string,
    failure: (m: string) => string,
  ) => {
    try {
      await action();
      toast.success(success);
    } catch (e) {
      toast.error(failure(friendErrorText(i18n, e, t`Unknown error`)));
    } finally {
      await invalidate();
    }
  };

  return (
    <>
      <section aria-labelledby="incoming-title" className="mt-6">
        <h2
          id="incoming-title"
          className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
        >
          <Trans>Incoming Requests</Trans>
        </h2>
        {incoming.isPending ? (
          <SkeletonList rows={1} />
        ) : incoming.error ? (
          <p className="text-sm text-danger">{incoming.error.message}</p>
        ) : incoming.data.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>No incoming requests.</Trans>
          </p>
        ) : (
          <ul className="card divide-y divide-border">
            {incoming.data.map((r) => (
              <RequestRow key={r.id} request={r}>
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() =>
                    void act(
                      () => friendshipsApi.accept(r.id),
                      t`Friend request accepted!`,
                      (m) => t`Error accepting request: ${m}`,
                    )
                  }
                >
                  <Trans>Accept</Trans>
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    void act(
                      () => friendshipsApi.reject(r.id),
                      t`Friend request rejected.`,
                      (m) => t`Error rejecting request: ${m}`,
                    )
                  }
                >
                  <Trans>Reject</Trans>
                </button>
              </RequestRow>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="outgoing-title" className="mt-6">
        <h2
          id="outgoing-title"
          className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase"
        >
          <Trans>Outgoing Requests</Trans>
        </h2>
        {outgoing.isPending ? (
          <SkeletonList rows={1} />
        ) : outgoing.error ? (
          <p className="text-sm text-danger">{outgoing.error.message}</p>
        ) : outgoing.data.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>No outgoing requests.</Trans>
          </p>
        ) : (
          <ul className="card divide-y divide-border">
            {outgoing.data.map((r) => (
              <RequestRow key={r.id} request={r}>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    void act(
                      () => friendshipsApi.remove(r.id),
                      t`Friend request cancelled.`,
                      (m) => t`Failed to cancel request: ${m}`,
                    )
                  }
                >
                  <Trans>Cancel</Trans>
                </button>
              </RequestRow>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
