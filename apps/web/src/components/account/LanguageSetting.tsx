import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { queryKeys } from '../../api/queryKeys';
import { LanguageSwitcher } from '../../i18n/LanguageSwitcher';

/**
 * The language on the account page (issue #32): saved with the account, so it follows the
 * person to their other devices, their e-mails and push notifications.
 */
export function LanguageSetting() {
  const client = useQueryClient();
  return (
    <section className="card mb-4 p-4" aria-labelledby="language-title">
      <h2 id="language-title" className="font-semibold">
        <Trans>Language</Trans>
      </h2>
      <p className="mb-3 text-sm text-muted">
        <Trans>
          Evenly, its e-mails and its notifications speak this language on every device.
        </Trans>
      </p>
      <LanguageSwitcher onSaved={(me) => client.setQueryData(queryKeys.me, me)} />
    </section>
  );
}
