import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileApi, uploadAvatar } from '../../api/profile';
import { queryKeys } from '../../api/queryKeys';
import type { Me } from '../../api/types';
import { useAuth } from '../../auth/authContext';
import { useMe } from '../../hooks/useBalances';
import { appErrorText } from '../../lib/appErrors';
import { Alert } from '../Alert';
import { Avatar } from '../Avatar';
import { CameraIcon, EditIcon, MailIcon, TrashIcon } from '../icons';
import { SkeletonLine } from '../Skeleton';
import { Spinner } from '../Spinner';
import { useToast } from '../toast/toastContext';
import { ChangeEmailModal } from './ChangeEmailModal';
import { EditNameModal } from './EditNameModal';

const MAX_BYTES = 5 * 1024 * 1024;

/** The signed-in person's picture, name and address, each with its way to change it. */
export function ProfileCard() {
  const { i18n, t } = useLingui();
  const me = useMe();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'name' | 'email' | null>(null);

  const saved = (next: Me) => {
    queryClient.setQueryData(queryKeys.me, next);
    // Friends lists and groups show the picture too.
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'me' && query.queryKey[0] !== 'config',
    });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPictureError(null);
    if (file.type !== '' && !file.type.startsWith('image/')) {
      setPictureError(t`Please choose an image file (JPEG, PNG, WebP or HEIC).`);
      return;
    }
    if (file.size > MAX_BYTES) {
      setPictureError(t`The picture is too large (at most 5 MB).`);
      return;
    }
    setProgress(0);
    try {
      saved(await uploadAvatar(file, setProgress));
      toast.success(t`Picture updated.`);
    } catch (e) {
      setPictureError(appErrorText(i18n, e, msg`Could not upload the picture.`));
    } finally {
      setProgress(null);
    }
  };

  const removePicture = async () => {
    setPictureError(null);
    setRemoving(true);
    try {
      saved(await profileApi.removeAvatar());
      toast.success(t`Picture removed.`);
    } catch (e) {
      setPictureError(appErrorText(i18n, e, msg`Could not remove the picture.`));
    } finally {
      setRemoving(false);
    }
  };

  const name = me.data?.name ?? user?.name ?? '';
  const busy = progress !== null || removing;
  const pendingEmail = me.data?.pendingEmail;
  const percent = progress === null ? 0 : Math.round(progress * 100);

  return (
    <section className="card mb-4 p-4" aria-labelledby="profile-title">
      <h2 id="profile-title" className="sr-only">
        <Trans>Profile</Trans>
      </h2>
      <div className="flex items-center gap-4">
        <div className="relative">
          <Avatar name={name} size="lg" src={me.data?.avatarUrl ?? null} />
          {busy ? (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-surface/70">
              <Spinner label={progress !== null ? t`Uploading picture` : t`Removing picture`} />
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold" data-testid="profile-name" translate="no">
            {name}
          </p>
          {me.isPending ? (
            <SkeletonLine width="w-40" />
          ) : (
            <p className="truncate text-sm text-muted" data-testid="profile-email" translate="no">
              {me.data?.email ?? user?.email}
            </p>
          )}
        </div>
      </div>
      {me.isError ? (
        <div className="mt-3">
          <Alert>{appErrorText(i18n, me.error, msg`Could not load your profile.`)}</Alert>
        </div>
      ) : null}
      {pendingEmail ? (
        <p className="mt-3 rounded-xl bg-primary-soft px-3 py-2 text-sm" role="status">
          <Trans>
            Pending: <strong translate="no">{pendingEmail}</strong> — check your inbox
          </Trans>
        </p>
      ) : null}
      {progress !== null ? (
        <div className="mt-3">
          <label htmlFor="avatar-progress" className="text-sm text-muted">
            <Trans>Uploading picture… {percent}%</Trans>
          </label>
          <progress
            id="avatar-progress"
            className="mt-1 block h-2 w-full accent-primary"
            max={1}
            value={progress}
          />
        </div>
      ) : null}
      {pictureError ? (
        <div className="mt-3">
          <Alert>{pictureError}</Alert>
        </div>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-file"
        onChange={(event) => void onFile(event)}
      />
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary px-3 text-sm"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          <CameraIcon className="size-4" />
          <Trans>Change picture</Trans>
        </button>
        {me.data?.avatarUrl ? (
          <button
            type="button"
            className="btn-secondary px-3 text-sm"
            disabled={busy}
            onClick={() => void removePicture()}
          >
            <TrashIcon className="size-4" />
            <Trans>Remove picture</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="btn-secondary px-3 text-sm"
          disabled={!me.data}
          onClick={() => setDialog('name')}
        >
          <EditIcon className="size-4" />
          <Trans>Edit name</Trans>
        </button>
        <button
          type="button"
          className="btn-secondary px-3 text-sm"
          disabled={!me.data}
          onClick={() => setDialog('email')}
        >
          <MailIcon className="size-4" />
          <Trans>Change e-mail</Trans>
        </button>
      </div>
      {dialog === 'name' && me.data ? (
        <EditNameModal current={me.data.name} onSaved={saved} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'email' && me.data ? (
        <ChangeEmailModal
          currentEmail={me.data.email}
          onSent={() => void queryClient.invalidateQueries({ queryKey: queryKeys.me })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
