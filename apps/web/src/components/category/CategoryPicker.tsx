// The expense form's category field: a button showing the category (and whether it was only
// suggested) that opens a dialog of every category by family, with a filter that also knows
// the words that suggest each one ("uber" finds Taxi). Keyboard: Tab or the arrow keys move
// between categories, Enter or Space picks one, Enter in the filter picks the first match.
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keywordCategory } from '@evenly/core';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  categoriesByFamily,
  categoryName,
  type CategoryId,
  familyName,
  foldText,
} from '../../lib/categories';
import { CheckIcon, ChevronRightIcon } from '../icons';
import { Modal } from '../Modal';
import { CategoryBadge } from './CategoryIcon';

interface FieldProps {
  value: CategoryId;
  /** True while the value is the suggestion (the person has not chosen one). */
  suggested: boolean;
  onChange: (id: CategoryId) => void;
}

export function CategoryField({ value, suggested, onChange }: FieldProps) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  return (
    <div>
      <p className="label" id={labelId}>
        <Trans>Category</Trans>
      </p>
      <button
        type="button"
        className="btn-secondary w-full justify-between gap-3 px-3"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="category-button"
      >
        <span className="flex min-w-0 items-center gap-2">
          <CategoryBadge id={value} />
          <span className="truncate">
            {/* The name says what the field is and still contains the visible words. */}
            <span className="sr-only">
              <Trans>Category:</Trans>{' '}
            </span>
            {categoryName(i18n, value)}
          </span>
          {suggested ? (
            <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">
              <Trans>Suggested</Trans>
            </span>
          ) : null}
        </span>
        <ChevronRightIcon className="size-5 shrink-0 text-muted" />
      </button>
      {open ? (
        <CategoryDialog
          value={value}
          onPick={(id) => {
            onChange(id);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * Whether a category shows for the filter text (folded): by its name (in the page's language or
 * in English), its family's or its keywords.
 */
function matcher(query: string): (id: CategoryId, names: readonly string[]) => boolean {
  const q = foldText(query);
  if (q === '') return () => true;
  const byWords = keywordCategory(query);
  return (id, names) => id === byWords || names.some((name) => foldText(name).includes(q));
}

function CategoryDialog({
  value,
  onPick,
  onClose,
}: {
  value: CategoryId;
  onPick: (id: CategoryId) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const filterId = useId();
  const grid = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => {
    const shows = matcher(query);
    return categoriesByFamily()
      .map(({ family, categories }) => ({
        family,
        categories: categories.filter((c) =>
          shows(c.id, [
            categoryName(i18n, c.id),
            c.label,
            familyName(i18n, family.id),
            family.label,
          ]),
        ),
      }))
      .filter((g) => g.categories.length > 0);
  }, [query, i18n]);
  const trimmed = query.trim();
  const first = groups[0]?.categories[0]?.id ?? null;
  const count = groups.reduce((n, g) => n + g.categories.length, 0);

  /** Arrow keys move between the category buttons in reading order. */
  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined || !grid.current) return;
    const buttons = Array.from(grid.current.querySelectorAll<HTMLButtonElement>('button'));
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    event.preventDefault();
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
  };

  return (
    <Modal title={t`Choose a category`} onClose={onClose} size="lg">
      <label htmlFor={filterId} className="label">
        <Trans>Find a category</Trans>
      </label>
      <input
        id={filterId}
        type="search"
        className="field"
        autoComplete="off"
        placeholder={t`e.g. taxi, groceries, rent`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (first !== null) onPick(first);
          }
        }}
        aria-describedby={`${filterId}-count`}
      />
      <p id={`${filterId}-count`} className="mt-1 text-xs text-muted" role="status">
        {count === 0
          ? t`No category matches “${trimmed}”.`
          : trimmed === ''
            ? ''
            : i18n._(
                msg`${plural(count, {
                  one: '# category; Enter picks the first.',
                  other: '# categories; Enter picks the first.',
                })}`,
              )}
      </p>
      <div ref={grid} onKeyDown={onGridKey} className="mt-2 flex flex-col gap-4">
        {groups.map(({ family, categories }) => (
          <section key={family.id} aria-labelledby={`${filterId}-${family.id}`}>
            <h3
              id={`${filterId}-${family.id}`}
              className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase"
            >
              {familyName(i18n, family.id)}
            </h3>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {categories.map((c) => {
                const current = c.id === value;
                return (
                  <li key={c.id}>
                    <button
                      type="button"
                      {...(current ? { 'aria-current': true, 'data-autofocus': true } : {})}
                      onClick={() => onPick(c.id)}
                      className={`flex min-h-12 w-full items-center gap-2 rounded-xl border px-2 py-1.5 text-left text-sm font-medium hover:bg-surface-2 ${
                        current ? 'border-primary bg-primary-soft' : 'border-border'
                      }`}
                    >
                      <CategoryBadge id={c.id} />
                      <span className="min-w-0 flex-1 break-words">{categoryName(i18n, c.id)}</span>
                      {current ? (
                        <>
                          <CheckIcon className="size-4 shrink-0 text-primary" />
                          <span className="sr-only">
                            {' '}
                            <Trans>(chosen)</Trans>
                          </span>
                        </>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
