import { Trans, useLingui } from '@lingui/react/macro';
// Monthly budgets per category for my own share (issue #14 point 4): progress this month, set,
// edit and remove. Alerts at 80 % and 100 % come through the notifications (kind BUDGET).
import { categoriesByFamily } from '@evenly/core';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import type { Budget } from '../../api/types';
import { useBudgets, useRemoveBudget, useSaveBudget } from '../../hooks/useReports';
import { amountForInput, amountProblem, formatMoney, plainAmount } from '../../lib/money';
import { CategoryIcon } from '../category/CategoryIcon';
import { CurrencyPicker } from '../currency/CurrencyPicker';
import { SkeletonList } from '../Skeleton';
import { useToast } from '../toast/toastContext';
import { categoryName, familyName } from '../../lib/categories';
import { monthLabel, usePageLocale } from '../../lib/charts';
import { formatPercent } from '../../lib/numberFormats';

const FAMILIES = categoriesByFamily();

function BudgetRow({ budget, onEdit }: { budget: Budget; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const name = categoryName(i18n, budget.category);
  const percent = String(budget.percent);
  const remove = useRemoveBudget();
  const toast = useToast();
  const labelId = useId();
  const over = budget.status === 'OVER';
  const near = budget.status === 'NEAR';
  const spent = formatMoney(budget.spent, budget.currency);
  const amount = formatMoney(budget.amount, budget.currency);
  const left = budget.amount - budget.spent;
  const leftText = formatMoney(Math.abs(left), budget.currency);
  return (
    <li className="px-4 py-3" data-testid="budget">
      <div className="mb-2 flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted">
          <CategoryIcon id={budget.category} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p id={labelId} className="truncate font-medium">
            {name}
          </p>
          <p className="text-sm text-muted tabular-nums">
            <Trans>
              {spent} of {amount}
            </Trans>
          </p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            over
              ? 'bg-danger-soft text-danger'
              : near
                ? 'bg-surface-2 text-owe'
                : 'bg-primary-soft text-primary'
          }`}
        >
          {over ? t`Over budget` : formatPercent(budget.percent)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(budget.percent, 100)}
        aria-valuetext={
          over
            ? t`${spent} of ${amount} (${percent}%), over budget`
            : t`${spent} of ${amount} (${percent}%)`
        }
        className="h-2.5 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={`h-full rounded-full ${over ? 'bg-danger' : near ? 'bg-owe' : 'bg-chart-1'}`}
          style={{ width: `${String(Math.min(budget.percent, 100))}%` }}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className={`text-sm ${over ? 'font-medium text-danger' : 'text-muted'}`}>
          {over ? t`Over by ${leftText}` : t`${leftText} left this month`}
        </p>
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-ghost min-h-9 px-3 py-1 text-sm"
            onClick={onEdit}
            aria-label={t`Edit ${name} budget`}
          >
            <Trans>Edit</Trans>
          </button>
          <button
            type="button"
            className="btn-ghost min-h-9 px-3 py-1 text-sm text-danger"
            disabled={remove.isPending}
            aria-label={t`Remove ${name} budget`}
            onClick={() =>
              remove.mutate(budget.category, {
                onSuccess: () => toast.success(t`${name} budget removed`),
                onError: (e) => toast.error(errorMessage(e, t`Could not remove the budget.`)),
              })
            }
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </div>
    </li>
  );
}

function BudgetForm({
  initial,
  taken,
  defaultCurrency,
  onDone,
}: {
  initial: Budget | null;
  taken: readonly string[];
  defaultCurrency: string;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveBudget();
  const toast = useToast();
  const formId = useId();
  const firstFree =
    FAMILIES.flatMap((f) => f.categories).find((c) => !taken.includes(c.id))?.id ?? 'general';
  const [category, setCategory] = useState<string>(initial?.category ?? firstFree);
  const [currency, setCurrency] = useState(initial?.currency ?? defaultCurrency);
  const [amount, setAmount] = useState(
    initial ? amountForInput(initial.amount, initial.currency) : '',
  );
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const plain = plainAmount(amount, currency);
    const value = plain === null ? 0 : Number(plain);
    if (plain === null || value <= 0) {
      const problem = amountProblem(amount, currency);
      setError(problem ? i18n._(problem) : t`Please enter a valid positive amount.`);
      return;
    }
    setError(null);
    save.mutate(
      { category, amount: plain, currency },
      {
        onSuccess: (b) => {
          const saved = categoryName(i18n, b.category);
          toast.success(t`${saved} budget saved`);
          onDone();
        },
        onError: (err) => setError(errorMessage(err, t`Could not save the budget.`)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 px-4 py-4"
      aria-label={
        initial ? t`Edit ${{ name: categoryName(i18n, initial.category) }} budget` : t`New budget`
      }
    >
      <div>
        <label htmlFor={`${formId}-category`} className="label">
          <Trans>Category</Trans>
        </label>
        <select
          id={`${formId}-category`}
          className="field"
          value={category}
          disabled={initial !== null}
          onChange={(e) => setCategory(e.target.value)}
        >
          {FAMILIES.map(({ family, categories }) => (
            <optgroup key={family.id} label={familyName(i18n, family.id)}>
              {categories.map((c) => (
                <option key={c.id} value={c.id} disabled={initial === null && taken.includes(c.id)}>
                  {categoryName(i18n, c.id)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${formId}-amount`} className="label">
            <Trans>Monthly amount</Trans>
          </label>
          <input
            id={`${formId}-amount`}
            className="field"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? `${formId}-error` : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <CurrencyPicker label={t`Currency`} value={currency} onChange={setCurrency} />
      </div>
      {error !== null ? (
        <p id={`${formId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        <Trans>
          Your own share of expenses in {currency} counts towards it. You are notified at 80% and at
          100% (
          <Link to="/app/account/notifications" className="underline">
            settings
          </Link>
          ).
        </Trans>
      </p>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save budget`}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/** The budgets card of the personal charts screen. */
export function BudgetsSection({ defaultCurrency }: { defaultCurrency: string }) {
  const { t } = useLingui();
  const locale = usePageLocale();
  const loadFailed = t`Could not load your budgets.`;
  const budgets = useBudgets();
  const [editing, setEditing] = useState<'new' | string | null>(null);
  const headingId = useId();
  const list = budgets.data?.budgets ?? [];
  const taken = list.map((b) => b.category);
  return (
    <section className="card mb-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-4">
        <div>
          <h2 id={headingId} className="text-base font-semibold">
            <Trans>Monthly budgets</Trans>
          </h2>
          <p className="text-sm text-muted">
            {budgets.data
              ? t`${{ month: monthLabel(budgets.data.month, 'long', locale) }} · your share`
              : t`This month · your share`}
          </p>
        </div>
        {editing === null && budgets.data ? (
          <button type="button" className="btn-secondary" onClick={() => setEditing('new')}>
            <Trans>Add budget</Trans>
          </button>
        ) : null}
      </div>
      {budgets.isPending ? (
        <div className="p-4" aria-busy="true" aria-label={t`Loading budgets`}>
          <SkeletonList rows={2} height="h-14" />
        </div>
      ) : budgets.error ? (
        <div role="alert" className="p-4 text-danger">
          <p>{t`Error: ${{ message: budgets.error.message || loadFailed }}`}</p>
          <button
            type="button"
            className="btn-secondary mt-3"
            onClick={() => void budgets.refetch()}
          >
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : (
        <>
          {editing === 'new' ? (
            <BudgetForm
              initial={null}
              taken={taken}
              defaultCurrency={defaultCurrency}
              onDone={() => setEditing(null)}
            />
          ) : null}
          {list.length === 0 && editing === null ? (
            <p className="px-4 py-4 text-sm text-muted">
              <Trans>
                No budgets yet. Set a monthly amount for a category to follow your share of it.
              </Trans>
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-border" aria-label={t`Budgets`}>
              {list.map((b) =>
                editing === b.category ? (
                  <li key={b.category}>
                    <BudgetForm
                      initial={b}
                      taken={taken}
                      defaultCurrency={defaultCurrency}
                      onDone={() => setEditing(null)}
                    />
                  </li>
                ) : (
                  <BudgetRow key={b.category} budget={b} onEdit={() => setEditing(b.category)} />
                ),
              )}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
