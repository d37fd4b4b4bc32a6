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
  useDocumentTitle('Join a group');
  const { token = '' } = useParams();
  const { user, loading } = useAuth();
  if (loading) return <PageLoader />;
  return user ? <SignedInJoin token={token} /> : <SignedOutJoin token={token} />;
}

/** A link that no longer works (also when it arrives after sign-up): say so, and a way on. */
function InvalidInvite({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <AuthCard title="Invite link">
      <div className="flex flex-col gap-4">
        <Alert>{message}</Alert>
        {signedIn ? (
          <p className="text-sm text-muted">Ask a member of the group for a new invite link.</p>
        ) : null}
        <Link to={signedIn ? '/app' : '/'} className="btn-secondary w-full">
          {signedIn ? 'Go to your groups' : 'Go to the home page'}
        </Link>
      </div>
    </AuthCard>
  );
}

function SignedOutJoin({ token }: { token: string }) {
  const info = useQuery({
    queryKey: [...queryKeys.invite(token), 'public'],
    queryFn: () => invitesApi.publicInfo(token),
    retry: false,
  });
  if (info.isPending) return <PageLoader />;
  if (info.isError) return <InvalidInvite message={info.error.message} signedIn={false} />;
  const next = encodeURIComponent(`/join/${token}`);
  return (
    <AuthCard title={`Join ${info.data.groupName}`}>
      <div className="flex flex-col gap-4">
        <p>
          <span className="font-semibold">{info.data.invitedByName}</span> invited you to{' '}
          <span className="font-semibold">{info.data.groupName}</span>.
        </p>
        <p className="text-sm text-muted">Sign in or create a free account to join the group.</p>
        <Link to={`/login?next=${next}`} className="btn-primary w-full">
          Sign in to join
        </Link>
        <Link to={`/register?invite=${encodeURIComponent(token)}`} className="btn-secondary w-full">
          Create an account
        </Link>
      </div>
    </AuthCard>
  );
}

function SignedInJoin({ token }: { token: string }) {
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
      toast.success(
        guest ? `You joined ${joined.name} as ${guest.name}` : `You joined ${joined.name}`,
      );
      await invalidate();
      await navigate(`/app/group/${joined.id}`);
    } catch (e) {
      setError(errorMessage(e, 'Failed to join the group'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={alreadyMember ? `You're already in ${group.name}` : `Join ${group.name}`}>
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <GroupCoverBadge name={group.name} emoji={group.coverEmoji} color={group.coverColor} />
          <div className="min-w-0">
            <p className="truncate font-semibold">{group.name}</p>
            <p className="text-sm text-muted">Invited by {invitedBy.name}</p>
          </div>
        </div>
        <section aria-labelledby="join-members">
          <h2 id="join-members" className="label">
            Members
          </h2>
          <MemberChips members={group.members} />
        </section>
        {error ? <Alert>{error}</Alert> : null}
        {alreadyMember ? (
          <Link to={`/app/group/${group.id}`} className="btn-primary w-full">
            Open group
          </Link>
        ) : (
          <form onSubmit={(e) => void join(e)} className="flex flex-col gap-4">
            {guests.length > 0 ? (
              <fieldset aria-describedby="join-choice-hint" aria-invalid={mustChoose || undefined}>
                <legend className="mb-1 font-semibold">Are you one of these people?</legend>
                <p id="join-choice-hint" className="mb-2 text-sm text-muted">
                  If you are, their expenses and balance become yours. Choose one to join.
                </p>
                {mustChoose ? (
                  <p role="alert" className="mb-2 text-sm font-medium text-danger">
                    Choose whether you are one of these people, or “None of these”.
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
                            Suggested: added with your e-mail address
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
                    <span>None of these — join as me</span>
                  </label>
                </div>
              </fieldset>
            ) : null}
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Joining...' : 'Join group'}
            </button>
          </form>
        )}
      </div>
    </AuthCard>
  );
}
