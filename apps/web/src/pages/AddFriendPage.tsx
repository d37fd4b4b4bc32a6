import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { profileApi } from '../api/profile';
import { queryKeys } from '../api/queryKeys';
import { Alert } from '../components/Alert';
import { Avatar } from '../components/Avatar';
import { PageHeader } from '../components/PageHeader';
import { SkeletonLine } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** /add-friend/:token — someone's personal friend link, opened signed in. */
export default function AddFriendPage() {
  useDocumentTitle('Add friend');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const preview = useQuery({
    queryKey: queryKeys.friendLinkPreview(token),
    queryFn: () => profileApi.previewFriendLink(token),
    retry: false,
  });
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (name: string) => {
    setError(null);
    setAdding(true);
    try {
      await profileApi.acceptFriendLink(token);
      await queryClient.invalidateQueries();
      toast.success(`You and ${name} are now friends.`);
      await navigate('/app/friends');
    } catch (e) {
      setError(errorMessage(e, 'Could not add this friend.'));
      setAdding(false);
    }
  };

  return (
    <>
      <PageHeader title="Add friend" back="/app/friends" />
      <section className="card mx-auto flex max-w-md flex-col items-center gap-4 p-6 text-center">
        {preview.isPending ? (
          <div className="flex w-full flex-col items-center gap-3" aria-busy="true">
            <div className="skeleton size-16 rounded-full" aria-hidden="true" />
            <SkeletonLine width="w-40" />
          </div>
        ) : preview.isError ? (
          <>
            <Alert>{preview.error.message}</Alert>
            <Link to="/app/friends" className="btn-secondary">
              Go to friends
            </Link>
          </>
        ) : (
          <>
            <Avatar name={preview.data.user.name} size="lg" src={preview.data.user.avatarUrl} />
            <h2 className="text-xl font-semibold">{preview.data.user.name}</h2>
            {error ? <Alert>{error}</Alert> : null}
            {preview.data.self ? (
              <>
                <Alert kind="info">
                  This is your own friend link. Share it so others can add you.
                </Alert>
                <Link to="/app/account" className="btn-secondary">
                  Go to your account
                </Link>
              </>
            ) : preview.data.alreadyFriends ? (
              <>
                <Alert kind="info">You and {preview.data.user.name} are already friends.</Alert>
                <Link to="/app/friends" className="btn-primary">
                  Go to friends
                </Link>
              </>
            ) : (
              <>
                <p className="text-sm text-muted">
                  {preview.data.user.name} shared their friend link with you. Friends can split
                  expenses and be added to groups.
                </p>
                <button
                  type="button"
                  className="btn-primary w-full"
                  disabled={adding}
                  onClick={() => void add(preview.data.user.name)}
                >
                  {adding ? 'Adding...' : `Add ${preview.data.user.name} as a friend`}
                </button>
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}
