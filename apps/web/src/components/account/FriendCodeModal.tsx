import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileApi } from '../../api/profile';
import { queryKeys } from '../../api/queryKeys';
import { appErrorText } from '../../lib/appErrors';
import { Alert } from '../Alert';
import { ConfirmDialog } from '../ConfirmDialog';
import { APP_NAME } from '../Logo';
import { Modal } from '../Modal';
import { QrImage } from '../qr/QrImage';
import { SkeletonLine } from '../Skeleton';
import { useToast } from '../toast/toastContext';

/** My personal "add me as a friend" link: QR code, copy, share, and replace. */
export function FriendCodeModal({ onClose }: { onClose: () => void }) {
  const { i18n, t } = useLingui();
  const link = useQuery({ queryKey: queryKeys.friendLink, queryFn: profileApi.friendLink });
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirmNew, setConfirmNew] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Link copied.`);
    } catch {
      toast.error(t`Could not copy: select the link and copy it yourself.`);
    }
  };

  const share = async (url: string) => {
    try {
      await navigator.share({ title: t`Add me on ${APP_NAME}`, url });
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError')) {
        toast.error(t`Could not share the link.`);
      }
    }
  };

  const renew = async () => {
    try {
      const next = await profileApi.newFriendLink();
      queryClient.setQueryData(queryKeys.friendLink, next);
      toast.success(t`New link created. The old one no longer works.`);
      setConfirmNew(false);
    } catch (e) {
      toast.error(appErrorText(i18n, e, msg`Could not create a new friend link.`));
    }
  };

  return (
    <Modal title={t`My friend code`} onClose={onClose} size="sm">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          <Trans>
            Someone who scans this code or opens the link can add you as a friend at once.
          </Trans>
        </p>
        {link.isPending ? (
          <>
            <div className="skeleton mx-auto size-60" aria-hidden="true" />
            <SkeletonLine width="w-full" />
          </>
        ) : link.isError ? (
          <Alert>{appErrorText(i18n, link.error, msg`Could not load your friend link.`)}</Alert>
        ) : (
          <>
            <QrImage text={link.data.url} label={t`QR code for your friend link`} />
            <div>
              <label htmlFor="friend-link-url" className="label">
                <Trans>Your friend link</Trans>
              </label>
              <input
                id="friend-link-url"
                className="field text-sm"
                readOnly
                value={link.data.url}
                onFocus={(e) => e.target.select()}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary flex-1"
                onClick={() => void copy(link.data.url)}
              >
                <Trans>Copy</Trans>
              </button>
              {canShare ? (
                <button
                  type="button"
                  className="btn-secondary flex-1"
                  onClick={() => void share(link.data.url)}
                >
                  <Trans>Share</Trans>
                </button>
              ) : null}
            </div>
            <button
              type="button"
              className="btn-ghost self-start px-2 text-sm text-primary"
              onClick={() => setConfirmNew(true)}
            >
              <Trans>Get a new link</Trans>
            </button>
          </>
        )}
      </div>
      {confirmNew ? (
        <ConfirmDialog
          title={t`Get a new link?`}
          message={t`Your current friend link and QR code stop working; anyone who has them can no longer use them to add you.`}
          confirmLabel={t`Get a new link`}
          onConfirm={renew}
          onClose={() => setConfirmNew(false)}
        />
      ) : null}
    </Modal>
  );
}
