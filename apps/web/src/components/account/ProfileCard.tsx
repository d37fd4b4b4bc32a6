import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../api/client';
import { profileApi, uploadAvatar } from '../../api/profile';
import { queryKeys } from '../../api/queryKeys';
import type { Me } from '../../api/types';
import { useAuth } from '../../auth/authContext';
import { useMe } from '../../hooks/useBalances';
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
      setPictureError('Please choose an image file (JPEG, PNG, WebP or HEIC).');
      return;
    }
    if (file.size > MAX_BYTES) {
      setPictureError('The picture is too large (at most 5 MB).');
      return;
    }
    setProgress(0);
    try {
      saved(await uploadAvatar(file, setProgress));
      toast.success('Picture updated.');
    } catch (e) {
      setPictureError(errorMessage(e, 'Could not upload the picture.'));
    } finally {
      setProgress(null);
    }
  };

  const removePicture = async () => {
    setPictureError(null);
    setRemoving(true);
    try {
      saved(await profileApi.removeAvatar());
      toast.success('Picture removed.');
    } catch (e) {
      setPictureError(errorMessage(e, 'Could not remove the picture.'));
    } finally {
      setRemoving(false);
    }
  };

  const name = me.data?.name ?? user?.name ?? '';
  const busy = progress !== null || removing;

  return (
    <section className="card mb-4 p-4" aria-labelledby="profile-title">
      <h2 id="profile-title" className="sr-only">
        Profile
      </h2>
      <div className="flex items-center gap-4">
        <div className="relative">
          <Avatar name={name} size="lg" src={me.data?.avatarUrl ?? null} />
          {busy ? (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-surface/70">
              <Spinner label={progress !== null ? 'Uploading picture' : 'Removing picture'} />
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold" data-testid="profile-name">
            {name}
          </p>
          {me.isPending ? (
            <SkeletonLine width="w-40" />
          ) : (
            <p className="truncate text-sm text-muted" data-testid="profile-email">
              {me.data?.email ?? user?.email}
            </p>
          )}
        </div>
      </div>
      {me.isError ? (
        <div className="mt-3">
          <Alert>{me.error.message}</Alert>
        </div>
      ) : null}
      {me.data?.pendingEmail ? (
        <p className="mt-3 rounded-xl bg-primary-soft px-3 py-2 text-sm" role="status">
          Pending: <strong>{me.data.pendingEmail}</strong> — check your inbox
        </p>
      ) : null}
      {progress !== null ? (
        <div className="mt-3">
          <label htmlFor="avatar-progress" className="text-sm text-muted">
            Uploading picture… {Math.round(progress * 100)}%
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
          Change picture
        </button>
        {me.data?.avatarUrl ? (
          <button
            type="button"
            className="btn-secondary px-3 text-sm"
            disabled={busy}
            onClick={() => void removePicture()}
          >
            <TrashIcon className="size-4" />
            Remove picture
          </button>
        ) : null}
        <button
          type="button"
          className="btn-secondary px-3 text-sm"
          disabled={!me.data}
          onClick={() => setDialog('name')}
        >
          <EditIcon className="size-4" />
          Edit name
        </button>
        <button
          type="button"
          className="btn-secondary px-3 text-sm"
          disabled={!me.data}
          onClick={() => setDialog('email')}
        >
          <MailIcon className="size-4" />
          Change e-mail
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
