import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { expensesApi } from '../../api/expenses';
import type { EditScope, Expense, User } from '../../api/types';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { useInvalidateAll } from '../../hooks/useInvalidate';
import { useCategorySuggestion } from '../../hooks/useCategorySuggestion';
import { useRateQuote } from '../../hooks/useRateQuote';
import { DEFAULT_CATEGORY } from '../../lib/categories';
import { useSubmissionKeys } from '../../hooks/useSubmissionKeys';
import { useSubmitFailure } from '../../hooks/useSubmitFailure';
import * as offline from '../../offline/writes';
import { conversionFocusId, conversionProblem } from '../../lib/conversion';
import { type ItemRow, rowsFromScan } from '../../lib/itemSplit';
import { DEFAULT_CURRENCY } from '../../lib/constants';
import { normaliseDate } from '../../lib/dates';
import { rememberCurrency } from '../../lib/currencies';
import {
  browserTimeZone,
  initialRecurrence,
  type RecurrenceFormState,
  recurrenceRequest,
  repeatFocusId,
  validateRecurrence,
} from '../../lib/recurrence';
import {
  buildExpenseRequest,
  expenseFormProblems,
  type ExpenseFormState,
  initialFormState,
  mergeParticipants,
  previewShares,
  SPLIT_LABELS,
} from '../../lib/expenseForm';
import {
  amountForInput,
  formatMoney,
  fromCents,
  parseAmount,
  plain2,
  toCents,
} from '../../lib/money';
import { CategoryField } from '../category/CategoryPicker';
import { CurrencyPicker } from '../currency/CurrencyPicker';
import { ConversionFields } from './ConversionFields';
import { ItemSplitDialog } from './ItemSplitDialog';
import { Alert } from '../Alert';
import { Avatar } from '../Avatar';
import { FieldError } from '../forms/FieldError';
import { SubmitError } from '../forms/SubmitError';
import { GroupIcon } from '../icons';
import { useToast } from '../toast/toastContext';
import { PayersEditor } from './PayersEditor';
import { ReceiptField } from './ReceiptField';
import { RepeatFields } from './RepeatFields';
import { SplitDialog } from './SplitDialog';

export interface ExpenseFormProps {
  me: User;
  /** Group members, or the current user and one friend. */
  participants: User[];
  groupId: number | null;
  groupName: string | null;
  /** The group's currency (or the default outside groups). */
  currency?: string;
  /** CONVERT: amounts in another currency are converted into `currency`. */
  currencyMode?: 'CONVERT' | 'SEPARATE';
  expense?: Expense | null;
  /**
   * Editing an occurrence of a series: `this` changes it alone, `future` also the later
   * occurrences and the series (whose repeat and end can then change too).
   */
  scope?: EditScope;
  onSaved: () => void;
  onCancel: () => void;
  /**
   * `dialog` (default): inside a Modal, whose body scrolls; `page`: a page's card in the app's
   * scrolling column, where the footer stays clear of the phone's round Add button.
   */
  variant?: 'dialog' | 'page';
}

/** Add or edit an expense: used on /app/expense/new and as a modal inside a group. */
export function ExpenseForm({
  me,
  participants: baseParticipants,
  groupId,
  groupName,
  currency = DEFAULT_CURRENCY,
  currencyMode = 'CONVERT',
  expense,
  scope = 'this',
  onSaved,
  onCancel,
  variant = 'dialog',
}: ExpenseFormProps) {
  const editing = Boolean(expense);
  // New expenses may repeat; an edit shows the repeat only for "this and future".
  const editedSeries = expense && scope === 'future' ? (expense.series ?? null) : null;
  const showRepeat = !expense || editedSeries !== null;
  const [recurrence, setRecurrence] = useState<RecurrenceFormState>(() =>
    initialRecurrence(editedSeries),
  );
  // Occurrences are due at midnight in this zone: the browser's for a new series.
  const [timeZone] = useState(() => editedSeries?.timeZone ?? browserTimeZone());
  // People shown when the form opened stay selectable even if a live update drops them from
  // the group meanwhile: the server then says who is no longer a member.
  const [initialParticipants] = useState(baseParticipants);
  const participants = mergeParticipants(
    mergeParticipants(baseParticipants, expense),
    null,
    initialParticipants,
  );
  const [state, setState] = useState<ExpenseFormState>(() =>
    initialFormState(me.id, participants, expense, currency),
  );
  // Converted into the group's currency when typed in another one (CONVERT groups only).
  const groupCurrency =
    groupId !== null && currencyMode === 'CONVERT' && state.currency !== currency ? currency : null;
  const quote = useRateQuote(state.currency, groupCurrency, state.date);
  // The saved rate can be kept only while the expense stays in its saved currency.
  const savedRate =
    expense?.conversion && expense.currency === state.currency
      ? expense.conversion.exchangeRateText
      : null;
  // The shop a scanned receipt names: it suggests the category along with the description.
  const [merchant, setMerchant] = useState<string | null>(null);
  const suggestion = useCategorySuggestion(
    !state.categoryChosen,
    groupId,
    state.description,
    merchant,
  );
  // What the form shows and sends: the person's choice, else the suggestion, else General.
  const category = state.categoryChosen
    ? state.category
    : (suggestion?.category ?? DEFAULT_CATEGORY);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [removeReceipt, setRemoveReceipt] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanMessage, setScanMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(
    null,
  );
  const [splitOpen, setSplitOpen] = useState(false);
  // Split by item: the receipt's items (or typed ones) and who had each; kept while the form is open.
  const [itemRows, setItemRows] = useState<ItemRow[]>([]);
  const [itemsOpen, setItemsOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Problems beside their fields (focus goes to the first); after a first submit each change
  // re-checks them. A failed save shows what happened, with Retry (same request, same key).
  const [submitted, setSubmitted] = useState(false);
  const failure = useSubmitFailure();
  const toast = useToast();
  const invalidate = useInvalidateAll();
  const keys = useSubmissionKeys();

  const patch = (next: Partial<ExpenseFormState>) => setState((s) => ({ ...s, ...next }));

  const setAmount = (amount: string) =>
    setState((s) => {
      const first = s.payers[0];
      return {
        ...s,
        amount,
        payers: s.payers.length === 1 && first ? [{ ...first, amount }] : s.payers,
      };
    });

  const scan = async (file: File) => {
    setReceipt(file);
    setScanning(true);
    setScanMessage(null);
    try {
      const result = await expensesApi.scanReceipt(file);
      setMerchant(result.storeName ?? result.merchantName ?? null);
      setState((s) => {
        // The receipt's currency, when it names one, becomes the expense's.
        const cur = result.currency ?? s.currency;
        const amount =
          result.totalAmount !== null ? amountForInput(result.totalAmount, cur) : s.amount;
        const before = parseAmount(s.amount, s.currency);
        if (
          result.totalAmount !== null &&
          before !== null &&
          toCents(before, cur) !== toCents(result.totalAmount, cur)
        ) {
          setScanMessage({
            kind: 'info',
            text: 'Receipt scanned. Please verify payer and split details.',
          });
        }
        const items = result.items
          .map(
            (item) =>
              `${(item.quantity ?? 1) > 1 ? `${String(item.quantity)} × ` : ''}${item.name}: ${plain2(item.price, cur)}`,
          )
          .join('\n');
        return {
          ...s,
          currency: cur,
          // The shop's name as people write it ("Banh Mi Cafe"), not the legal entity.
          description: result.merchantName ?? result.storeName ?? s.description,
          date: result.date ? normaliseDate(result.date) : s.date,
          amount,
          notes: items || s.notes,
          payers: [{ userId: me.id, amount }],
          splitType: 'EQUAL',
          included: participants.map((p) => p.id),
          values: {},
        };
      });
      setItemRows(rowsFromScan(result.items, result.currency ?? state.currency));
    } catch (e) {
      // A file the server refuses (type, size) cannot be attached either; an unreadable one can.
      if (e instanceof ApiError && (e.status === 413 || e.status === 415)) setReceipt(null);
      // Offline the receipt stays attached: it is sent with the expense (offline/writes.ts).
      if (e instanceof ApiError && e.status === 0) {
        setScanMessage({ kind: 'info', text: offline.RECEIPT_OFFLINE_MESSAGE });
        return;
      }
      setScanMessage({
        kind: 'error',
        text: `Scan Error: ${errorMessage(e, 'An unknown error occurred during receipt scanning.')}`,
      });
    } finally {
      setScanning(false);
    }
  };

  /** Every problem of the form by field (spec §5, the rate, the repeat); empty when it can go. */
  const problems = () => ({
    ...expenseFormProblems(
      state,
      participants.map((p) => p.id),
    ),
    ...(groupCurrency === null
      ? {}
      : { conversion: conversionProblem(state, groupCurrency, quote.data !== null) ?? undefined }),
    ...(showRepeat
      ? { repeat: validateRecurrence(recurrence, state.date, timeZone) ?? undefined }
      : {}),
  });
  const fields = useFieldErrors(
    {
      description: 'expense-description',
      amount: 'expense-amount',
      repeat: repeatFocusId(recurrence),
      conversion: conversionFocusId('expense', state),
      payers: state.payers.length > 0 ? 'payer-0' : 'payer-add',
      split: 'expense-split',
    },
    submitted ? problems() : {},
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (fields.focusFirst(problems())) return;
    failure.clear();
    setSaving(true);
    rememberCurrency(state.currency);
    const repeat = showRepeat ? recurrenceRequest(recurrence, timeZone) : null;
    const base = buildExpenseRequest({ ...state, category }, groupId, groupCurrency);
    const request = repeat ? { ...base, recurrence: repeat } : base;
    try {
      const context = { people: participants, meId: me.id, groupName };
      if (expense) {
        const edit = removeReceipt && !receipt ? { ...request, removeReceipt: true } : request;
        const saved = await offline.updateExpense(
          expense,
          edit,
          receipt,
          editedSeries ? 'future' : 'this',
          keys.keyFor({ id: expense.id, edit }, receipt),
          context,
        );
        keys.succeeded();
        if (saved.queued) toast.success(offline.QUEUED_MESSAGE);
        else
          toast.success(editedSeries ? 'Expense and future repeats updated!' : 'Expense updated!');
      } else {
        const saved = await offline.createExpense(
          request,
          receipt,
          keys.keyFor(request, receipt),
          context,
        );
        keys.succeeded();
        if (saved.queued) toast.success(offline.QUEUED_MESSAGE);
        else toast.success(repeat ? 'Recurring expense added!' : 'Expense added!');
      }
      await invalidate();
      onSaved();
    } catch (e) {
      failure.fail(e);
      setSaving(false);
    }
  };

  const shares = previewShares(state);
  const others = participants.filter((p) => p.id !== me.id);
  const canSubmit = state.included.length > 0 && state.payers.length > 0 && !saving && !scanning;

  const footerPlace =
    variant === 'page'
      ? // Down to the tab bar; its buttons above the phone's round Add button, which rises
        // 1.5rem over the bottom of the page (none on desktop).
        'bottom-0 rounded-b-2xl pt-3 pb-9 lg:pb-3'
      : // Sticky insets count from inside the dialog body's padding (py-4): down by as much.
        '-bottom-4 py-3';

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="@container flex flex-col gap-4"
    >
      {/* Two columns where the form is wide (a desktop's dialog): the amount and when on the
          left, who paid and how it is split on the right. One column otherwise, same order. */}
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2 @3xl:gap-x-8">
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <p className="label">With you and:</p>
            <ul className="flex flex-wrap gap-2" aria-label="With">
              {groupName ? (
                <li className="inline-flex min-h-9 items-center gap-2 rounded-full bg-primary-soft px-3 text-sm font-medium text-primary">
                  <GroupIcon className="size-4" /> {groupName}
                </li>
              ) : (
                others.map((p) => (
                  <li
                    key={p.id}
                    className="inline-flex min-h-9 items-center gap-2 rounded-full bg-surface-2 py-1 pr-3 pl-1 text-sm font-medium"
                  >
                    <Avatar name={p.name} size="sm" /> {p.name}
                  </li>
                ))
              )}
            </ul>
          </div>
          <ReceiptField
            file={receipt}
            scanning={scanning}
            existingUrl={removeReceipt ? null : (expense?.receiptUrl ?? null)}
            onRemoveExisting={() => setRemoveReceipt(true)}
            onSelect={(f) => void scan(f)}
          />
          {scanMessage ? <Alert kind={scanMessage.kind}>{scanMessage.text}</Alert> : null}
          <div>
            <label htmlFor="expense-description" className="label">
              Description
            </label>
            <input
              id="expense-description"
              className="field"
              maxLength={255}
              placeholder="e.g. Dinner"
              value={state.description}
              onChange={(e) => patch({ description: e.target.value })}
              {...fields.describe('description')}
            />
            <FieldError id={fields.errorId('description')} message={fields.errors.description} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="expense-amount" className="label">
                Amount ({state.currency})
              </label>
              <input
                id="expense-amount"
                className="field"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder={amountForInput(0, state.currency)}
                value={state.amount}
                onChange={(e) => setAmount(e.target.value)}
                {...fields.describe('amount')}
              />
              <FieldError id={fields.errorId('amount')} message={fields.errors.amount} />
            </div>
            <CurrencyPicker
              id="expense-currency"
              label="Currency"
              value={state.currency}
              preferred={[currency]}
              onChange={(code) =>
                setState((s) => ({
                  ...s,
                  currency: code,
                  rateMode:
                    s.rateMode === 'KEEP' && code !== expense?.currency ? 'SERVICE' : s.rateMode,
                }))
              }
            />
            <div className="col-span-2 sm:col-span-1">
              <label htmlFor="expense-date" className="label">
                Date
              </label>
              <input
                id="expense-date"
                className="field"
                type="date"
                value={state.date}
                onChange={(e) => patch({ date: e.target.value })}
              />
            </div>
          </div>
          {/* After the amount: Description, Tab, Amount stays the keyboard's way through. */}
          <CategoryField
            value={category}
            suggested={!state.categoryChosen && suggestion !== null}
            onChange={(id) => patch({ category: id, categoryChosen: true })}
          />
          {showRepeat ? (
            <RepeatFields
              value={recurrence}
              onChange={(next) => setRecurrence((r) => ({ ...r, ...next }))}
              startDate={editedSeries?.startDate ?? state.date}
              timeZone={timeZone}
              allowNever={editedSeries === null}
              error={fields.errors.repeat}
            />
          ) : null}
          {groupCurrency !== null ? (
            <ConversionFields
              idPrefix="expense"
              amountText={state.amount}
              from={state.currency}
              groupCurrency={groupCurrency}
              value={state}
              savedRate={savedRate}
              onChange={patch}
              quote={quote}
              error={fields.errors.conversion}
            />
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <PayersEditor
            payers={state.payers}
            participants={participants}
            meId={me.id}
            total={state.amount}
            onChange={(payers) => patch({ payers })}
            error={fields.errors.payers}
            errorId={fields.errorId('payers')}
          />
          <div>
            <p className="label">Split</p>
            <button
              id="expense-split"
              type="button"
              className="btn-secondary w-full justify-between"
              onClick={() => setSplitOpen(true)}
              aria-haspopup="dialog"
              {...fields.describe('split')}
            >
              <span>
                {/* The visible text leaves "split" to the label above; the button's name says it
                    and still contains the visible words. */}
                <span className="sr-only">Split: </span>
                {SPLIT_LABELS[state.splitType]} · {state.included.length}{' '}
                {state.included.length === 1 ? 'person' : 'people'}
              </span>
              <span className="text-primary">Change</span>
            </button>
            <FieldError id={fields.errorId('split')} message={fields.errors.split} />
            <button
              type="button"
              className="btn-ghost mt-1 px-1 text-sm text-primary"
              onClick={() => setItemsOpen(true)}
              aria-haspopup="dialog"
            >
              Split by item{itemRows.length > 0 ? ` (${String(itemRows.length)} items)` : ''}
            </button>
            {shares ? (
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
                {state.included.map((id) => (
                  <li key={id}>
                    {participants.find((p) => p.id === id)?.name ?? 'Unknown'}:{' '}
                    {formatMoney(fromCents(shares.get(id) ?? 0, state.currency), state.currency)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div>
            <label htmlFor="expense-notes" className="label">
              Notes (optional)
            </label>
            <textarea
              id="expense-notes"
              className="field min-h-20"
              maxLength={2000}
              value={state.notes}
              onChange={(e) => patch({ notes: e.target.value })}
            />
          </div>
          <p className="text-sm text-muted">
            Group: <span className="font-medium text-fg">{groupName ?? 'No group'}</span>
          </p>
        </div>
      </div>
      {/* Always in view at the foot of the dialog or page (issue #13 point 2), with what went
          wrong on the last save right above the buttons. */}
      <div
        className={`sticky z-10 -mx-5 -mb-4 flex flex-col gap-3 border-t border-border bg-surface px-5 ${footerPlace}`}
      >
        <SubmitError
          failure={failure.failure}
          retrying={saving}
          onRetry={() => formRef.current?.requestSubmit()}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!canSubmit}>
            {saving ? 'Saving...' : editing ? 'Update Expense' : 'Add Expense'}
          </button>
        </div>
      </div>
      {itemsOpen ? (
        <ItemSplitDialog
          totalText={state.amount}
          currency={state.currency}
          participants={participants}
          rows={itemRows}
          onRowsChange={setItemRows}
          onApply={({ values, included }) => {
            patch({ splitType: 'EXACT', values, included });
            setItemsOpen(false);
          }}
          onClose={() => setItemsOpen(false)}
        />
      ) : null}
      {splitOpen ? (
        <SplitDialog
          state={state}
          participants={participants}
          currency={state.currency}
          onChange={patch}
          onClose={() => setSplitOpen(false)}
        />
      ) : null}
    </form>
  );
}
