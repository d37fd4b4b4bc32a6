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
import { monthLabel } from '../../lib/charts';

const FAMILIES = categoriesByFamily();

function BudgetRow({ budget, onEdit }: { budget: Budget; onEdit: () => void }) {
  const remove = useRemoveBudget();
  const toast = useToast();
  const labelId = useId();
  const over = budget.status === 'OVER';
  const near = budget.status === 'NEAR';
  const spent = formatMoney(budget.spent, budget.currency);
  const amount = formatMoney(budget.amount, budget.currency);
  const left = budget.amount - budget.spent;
  return (
    <li className="px-4 py-3" data-testid="budget">
      <div className="mb-2 flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted">
          <CategoryIcon id={budget.category} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p id={labelId} className="truncate font-medium">
            {budget.label}
          </p>
          <p className="text-sm text-muted tabular-nums">
            {spent} of {amount}
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
          {over ? 'Over budget' : `${String(budget.percent)}%`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(budget.percent, 100)}
        aria-valuetext={`${spent} of ${amount} (${String(budget.percent)}%)${over ? ', over budget' : ''}`}
        className="h-2.5 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={`h-full rounded-full ${over ? 'bg-danger' : near ? 'bg-owe' : 'bg-chart-1'}`}
          style={{ width: `${String(Math.min(budget.percent, 100))}%` }}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className={`text-sm ${over ? 'font-medium text-danger' : 'text-muted'}`}>
          {over
            ? `Over by ${formatMoney(-left, budget.currency)}`
            : `${formatMoney(left, budget.currency)} left this month`}
        </p>
        <div className="flex gap-1">
          <button
            type="button"
            className="btn-ghost min-h-9 px-3 py-1 text-sm"
            onClick={onEdit}
            aria-label={`Edit ${budget.label} budget`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn-ghost min-h-9 px-3 py-1 text-sm text-danger"
            disabled={remove.isPending}
            aria-label={`Remove ${budget.label} budget`}
            onClick={() =>
              remove.mutate(budget.category, {
                onSuccess: () => toast.success(`${budget.label} budget removed`),
                onError: (e) => toast.error(errorMessage(e, 'Could not remove the budget.')),
              })
            }
          >
            Remove
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
      setError(amountProblem(amount, currency) ?? 'Please enter a valid positive amount.');
      return;
    }
    setError(null);
    save.mutate(
      { category, amount: plain, currency },
      {
        onSuccess: (b) => {
          toast.success(`${b.label} budget saved`);
          onDone();
        },
        onError: (err) => setError(errorMessage(err, 'Could not save the budget.')),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 px-4 py-4"
      aria-label={initial ? `Edit ${initial.label} budget` : 'New budget'}
    >
      <div>
        <label htmlFor={`${formId}-category`} className="label">
          Category
        </label>
        <select
          id={`${formId}-category`}
          className="field"
          value={category}
          disabled={initial !== null}
          onChange={(e) => setCategory(e.target.value)}
        >
          {FAMILIES.map(({ family, categories }) => (
            <optgroup key={family.id} label={family.label}>
              {categories.map((c) => (
                <option key={c.id} value={c.id} disabled={initial === null && taken.includes(c.id)}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${formId}-amount`} className="label">
            Monthly amount
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
        <CurrencyPicker label="Currency" value={currency} onChange={setCurrency} />
      </div>
      {error !== null ? (
        <p id={`${formId}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        Your own share of expenses in {currency} counts towards it. You are notified at 80% and at
        100% (
        <Link to="/app/account/notifications" className="underline">
          settings
        </Link>
        ).
      </p>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save budget'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The budgets card of the personal charts screen. */
export function BudgetsSection({ defaultCurrency }: { defaultCurrency: string }) {
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
            Monthly budgets
          </h2>
          <p className="text-sm text-muted">
            {budgets.data ? monthLabel(budgets.data.month, 'long') : 'This month'} · your share
          </p>
        </div>
        {editing === null && budgets.data ? (
          <button type="button" className="btn-secondary" onClick={() => setEditing('new')}>
            Add budget
          </button>
        ) : null}
      </div>
      {budgets.isPending ? (
        <div className="p-4" aria-busy="true" aria-label="Loading budgets">
          <SkeletonList rows={2} height="h-14" />
        </div>
      ) : budgets.error ? (
        <div role="alert" className="p-4 text-danger">
          <p>Error: {budgets.error.message || 'Could not load your budgets.'}</p>
          <button
            type="button"
            className="btn-secondary mt-3"
            onClick={() => void budgets.refetch()}
          >
            Retry
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
              No budgets yet. Set a monthly amount for a category to follow your share of it.
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-border" aria-label="Budgets">
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
