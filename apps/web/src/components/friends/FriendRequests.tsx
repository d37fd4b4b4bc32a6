import { errorMessage } from '../../api/client';
import { friendshipsApi } from '../../api/friendships';
import type { Friendship } from '../../api/types';
import { useIncomingRequests, useOutgoingRequests } from '../../hooks/useFriendships';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { Avatar } from '../Avatar';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';

function RequestRow({ request, children }: { request: Friendship; children: React.ReactNode }) {
  const name = request.otherUser?.name ?? 'Unknown';
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar name={name} size="sm" src={request.otherUser?.avatarUrl ?? null} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="truncate text-xs text-muted">{request.otherUser?.email}</p>
      </div>
      <div className="flex gap-2">{children}</div>
    </li>
  );
}

export function FriendRequests() {
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
      toast.error(failure(errorMessage(e)));
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
          Incoming Requests
        </h2>
        {incoming.isPending ? (
          <SkeletonList rows={1} />
        ) : incoming.error ? (
          <p className="text-sm text-danger">{incoming.error.message}</p>
        ) : incoming.data.length === 0 ? (
          <p className="text-sm text-muted">No incoming requests.</p>
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
                      'Friend request accepted!',
                      (m) => `Error accepting request: ${m}`,
                    )
                  }
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() =>
                    void act(
                      () => friendshipsApi.reject(r.id),
                      'Friend request rejected.',
                      (m) => `Error rejecting request: ${m}`,
                    )
                  }
                >
                  Reject
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
          Outgoing Requests
        </h2>
        {outgoing.isPending ? (
          <SkeletonList rows={1} />
        ) : outgoing.error ? (
          <p className="text-sm text-danger">{outgoing.error.message}</p>
        ) : outgoing.data.length === 0 ? (
          <p className="text-sm text-muted">No outgoing requests.</p>
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
                      'Friend request cancelled.',
                      (m) => `Failed to cancel request: ${m}`,
                    )
                  }
                >
                  Cancel
                </button>
              </RequestRow>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
