import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileApi } from '../api/profile';
import { queryKeys } from '../api/queryKeys';
import { Alert } from '../components/Alert';
import { Avatar } from '../components/Avatar';
import { friendErrorText } from '../components/friends/friendErrors';
import { PageHeader } from '../components/PageHeader';
import { SkeletonLine } from '../components/Skeleton';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** /add-friend/:token — someone's personal friend link, opened signed in. */
export default function AddFriendPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Add friend`);
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
      toast.success(t`You and ${name} are now friends.`);
      await navigate('/app/friends');
    } catch (e) {
      setError(friendErrorText(i18n, e, t`Could not add this friend.`));
      setAdding(false);
    }
  };

  const name = preview.data?.user.name ?? '';
  return (
    <>
      <PageHeader title={t`Add friend`} back="/app/friends" />
      <section className="card mx-auto flex max-w-md flex-col items-center gap-4 p-6 text-center">
        {preview.isPending ? (
          <div className="flex w-full flex-col items-center gap-3" aria-busy="true">
            <div className="skeleton size-16 rounded-full" aria-hidden="true" />
            <SkeletonLine width="w-40" />
          </div>
        ) : preview.isError ? (
          <>
            <Alert>{friendErrorText(i18n, preview.error, t`Could not add this friend.`)}</Alert>
            <Link to="/app/friends" className="btn-secondary">
              <Trans>Go to friends</Trans>
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
                  <Trans>This is your own friend link. Share it so others can add you.</Trans>
                </Alert>
                <Link to="/app/account" className="btn-secondary">
                  <Trans>Go to your account</Trans>
                </Link>
              </>
            ) : preview.data.alreadyFriends ? (
              <>
                <Alert kind="info">
                  <Trans>You and {name} are already friends.</Trans>
                </Alert>
                <Link to="/app/friends" className="btn-primary">
                  <Trans>Go to friends</Trans>
                </Link>
              </>
            ) : (
              <>
                <p className="text-sm text-muted">
                  <Trans>
                    {name} shared their friend link with you. Friends can split expenses and be
                    added to groups.
                  </Trans>
                </p>
                <button
                  type="button"
                  className="btn-primary w-full"
                  disabled={adding}
                  onClick={() => void add(preview.data.user.name)}
                >
                  {adding ? t`Adding...` : t`Add ${name} as a friend`}
                </button>
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}
