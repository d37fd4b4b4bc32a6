import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { EditScope, Expense, User } from '../../api/types';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { useCategorySuggestion } from '../../hooks/useCategorySuggestion';
import { useRateQuote } from '../../hooks/useRateQuote';
import { DEFAULT_CATEGORY } from '../../lib/categories';
import { conversionFocusId, conversionProblem } from '../../lib/conversion';
import { type ItemRow, itemsForRequest, rowsFromSaved, savedItems } from '../../lib/itemSplit';
import { todayIso } from '../../lib/dates';
import { translateProblems } from '../../lib/expenseProblems';
import { receiptDateNotice } from '../../lib/receiptDate';
import { DEFAULT_CURRENCY } from '../../lib/constants';
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
} from '../../lib/expenseForm';
import { CategoryField } from '../category/CategoryPicker';
import { ConversionFields } from './ConversionFields';
import { ExpenseBasicsFields } from './ExpenseBasicsFields';
import { ExpenseFormFooter } from './ExpenseFormFooter';
import { ExpenseSplitField } from './ExpenseSplitField';
import { ExpenseWith } from './ExpenseWith';
import { ItemSplitDialog } from './ItemSplitDialog';
import { Alert } from '../Alert';
import { PayersEditor } from './PayersEditor';
import { ReceiptField } from './ReceiptField';
import { RepeatFields } from './RepeatFields';
import { SplitDialog } from './SplitDialog';
import { useExpenseSave } from './useExpenseSave';
import { useReceiptScan } from './useReceiptScan';

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
  const { i18n } = useLingui();
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
  const [initialCurrency] = useState(state.currency);
  const groupCurrency =
    groupId !== null && currencyMode === 'CONVERT' && state.currency !== currency ? currency : null;
  const quote = useRateQuote(state.currency, groupCurrency, state.date);
  // The saved rate can be kept only while the expense stays in its saved currency.
  const savedRate =
    expense?.conversion && expense.currency === state.currency
      ? expense.conversion.exchangeRateText
      : null;
  const [splitOpen, setSplitOpen] = useState(false);
  // Split by item: the receipt's items (or typed ones) and who had each; saved with the expense,
  // so an edit opens with them.
  const [itemRows, setItemRows] = useState<ItemRow[]>(() =>
    expense ? rowsFromSaved(savedItems(expense), expense.currency) : [],
  );
  const [itemsOpen, setItemsOpen] = useState(false);
  const receipt = useReceiptScan({
    meId: me.id,
    participants,
    currency: state.currency,
    setState,
    setItemRows,
  });
  // Flagged while the form still holds the date the receipt gave (a changed date was looked at).
  const dateNotice =
    receipt.scannedDate !== null && state.date === receipt.scannedDate
      ? receiptDateNotice(receipt.scannedDate, todayIso())
      : null;
  const suggestion = useCategorySuggestion(
    !state.categoryChosen,
    groupId,
    state.description,
    receipt.merchant,
  );
  // What the form shows and sends: the person's choice, else the suggestion, else General.
  const category = state.categoryChosen
    ? state.category
    : (suggestion?.category ?? DEFAULT_CATEGORY);
  const formRef = useRef<HTMLFormElement>(null);
  // Problems beside their fields (focus goes to the first); after a first submit each change
  // re-checks them. A failed save shows what happened, with Retry (same request, same key).
  const [submitted, setSubmitted] = useState(false);
  const { saving, failure, save } = useExpenseSave({
    me,
    participants,
    groupName,
    expense,
    editsSeries: editedSeries !== null,
    onSaved,
  });

  const patch = (next: Partial<ExpenseFormState>) => setState((s) => ({ ...s, ...next }));

  /** Every problem of the form by field (spec §5, the rate, the repeat); empty when it can go. */
  const problems = () =>
    translateProblems(i18n, {
      ...expenseFormProblems(
        state,
        participants.map((p) => p.id),
      ),
      ...(groupCurrency === null
        ? {}
        : {
            conversion: conversionProblem(state, groupCurrency, quote.data !== null) ?? undefined,
          }),
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (fields.focusFirst(problems())) return;
    rememberCurrency(state.currency);
    const repeat = showRepeat ? recurrenceRequest(recurrence, timeZone) : null;
    const built = buildExpenseRequest({ ...state, category }, groupId, groupCurrency);
    const items = itemsForRequest(
      state,
      state.values,
      itemRows,
      expense !== undefined && expense !== null && savedItems(expense).length > 0,
    );
    const base = items === undefined ? built : { ...built, items };
    const request = repeat ? { ...base, recurrence: repeat } : base;
    void save(request, receipt.receipt, {
      removeReceipt: receipt.removeReceipt,
      repeats: repeat !== null,
    });
  };

  const canSubmit =
    state.included.length > 0 && state.payers.length > 0 && !saving && !receipt.scanning;

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="@container flex flex-col gap-4">
      {/* Two columns where the form is wide (a desktop's dialog): the amount and when on the
          left, who paid and how it is split on the right. One column otherwise, same order. */}
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-2 @3xl:gap-x-8">
        <div className="flex min-w-0 flex-col gap-4">
          <ExpenseWith groupName={groupName} others={participants.filter((p) => p.id !== me.id)} />
          <ReceiptField
            file={receipt.receipt}
            scanning={receipt.scanning}
            existingUrl={receipt.removeReceipt ? null : (expense?.receiptUrl ?? null)}
            onRemoveExisting={receipt.removeSaved}
            onSelect={(f) => void receipt.scan(f)}
          />
          {receipt.scanMessage ? (
            <Alert kind={receipt.scanMessage.kind}>{receipt.scanMessage.text}</Alert>
          ) : null}
          {dateNotice !== null ? <Alert kind="info">{dateNotice}</Alert> : null}
          <ExpenseBasicsFields
            state={state}
            setState={setState}
            preferredCurrency={currency}
            savedCurrency={expense?.currency ?? null}
            fields={fields}
          />
          {/* Right under the amount it converts, so that it is seen when the currency changes. */}
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
              reveal={state.currency !== initialCurrency}
            />
          ) : null}
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
          <ExpenseSplitField
            state={state}
            participants={participants}
            itemCount={itemRows.length}
            onOpenSplit={() => setSplitOpen(true)}
            onOpenItems={() => setItemsOpen(true)}
            fields={fields}
          />
          <div>
            <label htmlFor="expense-notes" className="label">
              <Trans>Notes (optional)</Trans>
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
            {groupName !== null ? (
              <Trans>
                Group: <span className="font-medium text-fg">{groupName}</span>
              </Trans>
            ) : (
              <Trans>
                Group: <span className="font-medium text-fg">No group</span>
              </Trans>
            )}
          </p>
        </div>
      </div>
      <ExpenseFormFooter
        variant={variant}
        failure={failure}
        saving={saving}
        editing={Boolean(expense)}
        canSubmit={canSubmit}
        onRetry={() => formRef.current?.requestSubmit()}
        onCancel={onCancel}
      />
      {itemsOpen ? (
        <ItemSplitDialog
          totalText={state.amount}
          currency={state.currency}
          participants={participants}
          subtotal={receipt.subtotal}
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
