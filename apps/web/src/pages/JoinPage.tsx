import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { invitesApi } from '../api/invites';
import { queryKeys } from '../api/queryKeys';
import { useAuth } from '../auth/authContext';
import { Alert } from '../components/Alert';
import { MemberChips } from '../components/groups/MemberChips';
import { GroupCoverBadge } from '../components/groups/GroupCoverBadge';
import { AuthCard } from '../components/PublicLayout';
import { PageLoader } from '../components/Spinner';
import { useToast } from '../components/toast/toastContext';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useInvalidateAll } from '../hooks/useInvalidate';

/** /join/{token}: a group invite link, for signed-out and signed-in visitors. */
export default function JoinPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Join a group`);
  const { token = '' } = useParams();
  const { user, loading } = useAuth();
  if (loading) return <PageLoader />;
  return user ? <SignedInJoin token={token} /> : <SignedOutJoin token={token} />;
}

/** A link that no longer works (also when it arrives after sign-up): say so, and a way on. */
function InvalidInvite({ message, signedIn }: { message: string; signedIn: boolean }) {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Invite link`}>
      <div className="flex flex-col gap-4">
        <Alert>{message}</Alert>
        {signedIn ? (
          <p className="text-sm text-muted">
            <Trans>Ask a member of the group for a new invite link.</Trans>
          </p>
        ) : null}
        <Link to={signedIn ? '/app' : '/'} className="btn-secondary w-full">
          {signedIn ? t`Go to your groups` : t`Go to the home page`}
        </Link>
      </div>
    </AuthCard>
  );
}

function SignedOutJoin({ token }: { token: string }) {
  const { t } = useLingui();
  const info = useQuery({
    queryKey: [...queryKeys.invite(token), 'public'],
    queryFn: () => invitesApi.publicInfo(token),
    retry: false,
  });
  if (info.isPending) return <PageLoader />;
  if (info.isError) return <InvalidInvite message={info.error.message} signedIn={false} />;
  const next = encodeURIComponent(`/join/${token}`);
  const { groupName, invitedByName } = info.data;
  return (
    <AuthCard title={t`Join ${groupName}`}>
      <div className="flex flex-col gap-4">
        <p>
          <Trans>
            <span className="font-semibold">{invitedByName}</span> invited you to{' '}
            <span className="font-semibold">{groupName}</span>.
          </Trans>
        </p>
        <p className="text-sm text-muted">
          <Trans>Sign in or create a free account to join the group.</Trans>
        </p>
        <Link to={`/login?next=${next}`} className="btn-primary w-full">
          <Trans>Sign in to join</Trans>
        </Link>
        <Link to={`/register?invite=${encodeURIComponent(token)}`} className="btn-secondary w-full">
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}

function SignedInJoin({ token }: { token: string }) {
  const { t } = useLingui();
  const preview = useQuery({
    queryKey: queryKeys.invite(token),
    queryFn: () => invitesApi.preview(token),
    retry: false,
  });
  // Nothing is chosen for the person (issue #31 point 3): joining as a new member while being one
  // of the guests would split one person in two. Only the guest added with their own verified
  // address is proposed, and they still confirm by pressing Join.
  const [picked, setPicked] = useState<string | null>(null);
  const [mustChoose, setMustChoose] = useState(false);
  const firstOption = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useInvalidateAll();

  if (preview.isPending) return <PageLoader />;
  if (preview.isError) return <InvalidInvite message={preview.error.message} signedIn />;
  const { group, guests, invitedBy, alreadyMember, proposedGuestId } = preview.data;
  const groupName = group.name;
  const inviter = invitedBy.name;
  const proposed = guests.some((g) => g.id === proposedGuestId) ? proposedGuestId : null;
  const choice = picked ?? (proposed === null ? null : String(proposed));
  const choose = (value: string) => {
    setPicked(value);
    setMustChoose(false);
  };

  const join = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (guests.length > 0 && choice === null) {
      setMustChoose(true);
      firstOption.current?.focus();
      return;
    }
    setBusy(true);
    const claim = choice === null || choice === 'me' ? null : Number(choice);
    try {
      const joined = await invitesApi.accept(token, claim);
      const guest = guests.find((g) => g.id === claim);
      const group = joined.name;
      toast.success(
        guest ? t`You joined ${group} as ${{ guest: guest.name }}` : t`You joined ${group}`,
      );
      await invalidate();
      await navigate(`/app/group/${joined.id}`);
    } catch (e) {
      setError(errorMessage(e, t`Failed to join the group`));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={alreadyMember ? t`You're already in ${groupName}` : t`Join ${groupName}`}>
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <GroupCoverBadge name={group.name} emoji={group.coverEmoji} color={group.coverColor} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{group.name}</p>
            <p className="text-sm text-muted">
              <Trans>Invited by {inviter}</Trans>
            </p>
          </div>
        </div>
        <section aria-labelledby="join-members">
          <h2 id="join-members" className="label">
            <Trans>Members</Trans>
          </h2>
          <MemberChips members={group.members} />
        </section>
        {error ? <Alert>{error}</Alert> : null}
        {alreadyMember ? (
          <Link to={`/app/group/${group.id}`} className="btn-primary w-full">
            <Trans>Open group</Trans>
          </Link>
        ) : (
          <form onSubmit={(e) => void join(e)} className="flex flex-col gap-4">
            {guests.length > 0 ? (
              <fieldset aria-describedby="join-choice-hint" aria-invalid={mustChoose || undefined}>
                <legend className="mb-1 font-semibold">
                  <Trans>Are you one of these people?</Trans>
                </legend>
                <p id="join-choice-hint" className="mb-2 text-sm text-muted">
                  <Trans>
                    If you are, their expenses and balance become yours. Choose one to join.
                  </Trans>
                </p>
                {mustChoose ? (
                  <p role="alert" className="mb-2 text-sm font-medium text-danger">
                    <Trans>Choose whether you are one of these people, or “None of these”.</Trans>
                  </p>
                ) : null}
                <div className="flex flex-col gap-1">
                  {guests.map((g, i) => (
                    <label
                      key={g.id}
                      className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2"
                    >
                      <input
                        ref={i === 0 ? firstOption : undefined}
                        type="radio"
                        name="claim"
                        value={String(g.id)}
                        checked={choice === String(g.id)}
                        onChange={() => choose(String(g.id))}
                        aria-describedby={g.id === proposed ? 'join-proposed' : undefined}
                        className="size-5 shrink-0 accent-[var(--primary)]"
                      />
                      <span className="flex min-w-0 flex-col">
                        <span>{g.name}</span>
                        {g.id === proposed ? (
                          <span id="join-proposed" className="text-sm text-muted">
                            <Trans>Suggested: added with your e-mail address</Trans>
                          </span>
                        ) : null}
                      </span>
                    </label>
                  ))}
                  <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border px-3">
                    <input
                      type="radio"
                      name="claim"
                      value="me"
                      checked={choice === 'me'}
                      onChange={() => choose('me')}
                      className="size-5 accent-[var(--primary)]"
                    />
                    <span>
                      <Trans>None of these — join as me</Trans>
                    </span>
                  </label>
                </div>
              </fieldset>
            ) : null}
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? t`Joining...` : t`Join group`}
            </button>
          </form>
        )}
      </div>
    </AuthCard>
  );
}
