import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { expensesApi } from '../../api/expenses';
import { queryKeys } from '../../api/queryKeys';
import { useQueryClient } from '@tanstack/react-query';
import { useComments } from '../../hooks/useBalances';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { PendingComments } from '../../offline/PendingEntries';
import * as offline from '../../offline/writes';
import { useSubmitFailure } from '../../hooks/useSubmitFailure';
import { intlLocale, type WebLocale } from '../../i18n/locale';
import { Avatar } from '../Avatar';
import { SubmitError } from '../forms/SubmitError';
import { TrashIcon } from '../icons';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';

export function CommentsSection({
  expenseId,
  meId,
  expense,
}: {
  expenseId: number;
  meId: number;
  /** Names a comment written offline while it waits to sync. */
  expense?: { groupId?: number | null; description: string };
}) {
  const { t, i18n } = useLingui();
  const locale = intlLocale(i18n.locale as WebLocale);
  const { data, isPending, isError } = useComments(expenseId);
  const keys = useSubmissionKeys();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  // A comment that could not be posted stays in the box, with what happened and Retry.
  const failure = useSubmitFailure();
  const formRef = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.comments(expenseId) });

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    failure.clear();
    setBusy(true);
    try {
      const text = content.trim();
      const saved = await offline.addComment(
        {
          id: expenseId,
          groupId: expense?.groupId ?? null,
          description: expense?.description ?? '',
        },
        text,
        keys.keyFor({ expenseId, text }),
      );
      keys.succeeded();
      setContent('');
      toast.success(saved.queued ? i18n._(offline.QUEUED_MESSAGE) : t`Comment added!`);
      await refresh();
    } catch (e) {
      failure.fail(e);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    try {
      await expensesApi.deleteComment(id);
      toast.success(t`Comment deleted`);
    } catch (e) {
      toast.error(errorMessage(e, t`Failed to delete comment`));
    } finally {
      await refresh();
    }
  };

  return (
    <section aria-labelledby="comments-title" className="mt-4 border-t border-border pt-4">
      <h3 id="comments-title" className="mb-2 font-semibold">
        <Trans>Comments</Trans>
      </h3>
      {isPending ? (
        <SkeletonList rows={1} height="h-12" />
      ) : isError ? (
        <p className="text-sm text-danger">
          <Trans>Could not load comments.</Trans>
        </p>
      ) : data.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No comments yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.map((c) => (
            <li key={c.id} className="flex gap-2">
              <Avatar name={c.author.name} size="sm" />
              <div className="min-w-0 flex-1 rounded-xl bg-surface-2 px-3 py-2">
                <p className="text-xs text-muted">
                  <span className="font-semibold text-fg">{c.author.name}</span> ·{' '}
                  {new Date(c.createdAt).toLocaleString(locale, {
                    month: 'short',
                    day: 'numeric',
                    hour: 'numeric',
                    minute: '2-digit',
                  })}
                </p>
                <p className="text-sm break-words whitespace-pre-wrap">{c.content}</p>
              </div>
              {c.author.id === meId ? (
                <button
                  type="button"
                  className="btn-ghost px-2 text-muted hover:text-danger"
                  onClick={() => void remove(c.id)}
                  aria-label={t`Delete comment`}
                >
                  <TrashIcon className="size-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PendingComments expenseId={expenseId} />
      <form ref={formRef} onSubmit={(e) => void add(e)} className="mt-3 flex gap-2">
        <label htmlFor="comment-input" className="sr-only">
          <Trans>Add a comment</Trans>
        </label>
        <input
          id="comment-input"
          className="field"
          placeholder={t`Add a comment...`}
          maxLength={2000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={busy || !content.trim()}>
          <Trans>Post</Trans>
        </button>
      </form>
      <div className="mt-2 empty:hidden">
        <SubmitError
          failure={failure.failure}
          retrying={busy}
          onRetry={() => formRef.current?.requestSubmit()}
        />
      </div>
    </section>
  );
}
