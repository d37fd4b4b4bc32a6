import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notificationsApi } from '../api/notifications';
import { ApiError } from '../api/client';
import { appErrorText } from '../lib/appErrors';
import { useToast } from './toast/toastContext';
import { BellIcon } from './icons';

/** "Remind": notifies someone who owes the user (in a group, or overall with groupId null). */
export function RemindButton({
  userId,
  name,
  groupId,
  iconOnly = false,
}: {
  userId: number;
  name: string;
  groupId: number | null;
  /** The bell alone (a narrow list beside a page); the name still says "Remind …". */
  iconOnly?: boolean;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  return (
    <button
      type="button"
      className="btn-ghost min-h-11 gap-1 px-2 text-sm text-primary"
      disabled={sending}
      aria-label={t`Remind ${name}`}
      onClick={() => {
        setSending(true);
        notificationsApi
          .remind(userId, groupId)
          .then(() => toast.success(t`Reminder sent to ${name}`))
          .catch((error: unknown) =>
            toast.error(
              // The once-a-day limit (429), in the page's language rather than the API's English.
              error instanceof ApiError && error.status === 429
                ? t`You already reminded ${name} today. You can send another reminder tomorrow.`
                : appErrorText(i18n, error, msg`Failed to send the reminder`),
            ),
          )
          .finally(() => setSending(false));
      }}
    >
      <BellIcon className={iconOnly ? 'size-5' : 'size-4'} />
      {iconOnly ? null : (
        <span>
          <Trans>Remind</Trans>
        </span>
      )}
    </button>
  );
}
