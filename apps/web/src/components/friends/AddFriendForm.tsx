import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { friendshipsApi } from '../../api/friendships';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { validateMemberEmail } from '../../lib/validation';
import { useToast } from '../toast/toastContext';
import { friendErrorText } from './friendErrors';

export function AddFriendForm() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const invalidate = useInvalidateAll();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const problem = validateMemberEmail(email);
    if (problem) {
      // Core's problem, in the page's language.
      setError(i18n._(problem));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const created = await friendshipsApi.sendRequest(email.trim());
      toast.success(
        created
          ? t`Friend request sent!`
          : t`Invitation sent to ${address}. They will get your request after signing up.`,
      );
      setEmail('');
      await invalidate();
    } catch (e) {
      toast.error(friendErrorText(i18n, e, t`Failed to send friend request.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="card p-4">
      <label htmlFor="friend-email" className="label">
        <Trans>Add Friend by e-mail</Trans>
      </label>
      <div className="flex gap-2">
        <input
          id="friend-email"
          type="email"
          className="field"
          placeholder={t`friend@example.com`}
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'friend-email-error' : undefined}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          {busy ? t`Sending...` : t`Add Friend`}
        </button>
      </div>
      {error ? (
        <p id="friend-email-error" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
