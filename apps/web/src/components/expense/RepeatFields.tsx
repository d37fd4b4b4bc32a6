import { Trans, useLingui } from '@lingui/react/macro';
import {
  describeEnd,
  describeRecurrence,
  END_LABELS,
  type EndMode,
  MAX_END_COUNT,
  REPEAT_LABELS,
  type RecurrenceFormState,
  repeatFocusId,
  type RepeatChoice,
} from '../../lib/recurrence';
import { FieldError } from '../forms/FieldError';

interface Props {
  value: RecurrenceFormState;
  onChange: (next: Partial<RecurrenceFormState>) => void;
  /** The expense's date: the first occurrence. */
  startDate: string;
  /** IANA zone the occurrences are created in (the browser's, or the series' when editing). */
  timeZone: string;
  /** Editing a series: it keeps repeating (ending it is a separate action). */
  allowNever?: boolean;
  /** The repeat's problem after a submit (missing end date or count, too many times…). */
  error?: string | undefined;
}

const ERROR_ID = 'expense-repeat-error';

const END_MODES: EndMode[] = ['NEVER', 'DATE', 'COUNT'];

/** "Repeat" and "Ends" of the expense form (recurring expenses). */
export function RepeatFields({
  value,
  onChange,
  startDate,
  timeZone,
  allowNever = true,
  error,
}: Props) {
  const { i18n } = useLingui();
  const choices = (Object.keys(REPEAT_LABELS) as RepeatChoice[]).filter(
    (c) => allowNever || c !== 'NEVER',
  );
  const repeating = value.repeat !== 'NEVER';
  const end =
    value.ends === 'DATE' && value.endDate
      ? describeEnd(value.endDate, null)
      : value.ends === 'COUNT' && /^\d+$/.test(value.endCount.trim())
        ? describeEnd(null, Number(value.endCount.trim()))
        : '';
  const focusId = repeatFocusId(value);
  const invalid = (id: string) =>
    error && id === focusId ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : {};
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor="expense-repeat" className="label">
          <Trans>Repeat</Trans>
        </label>
        <select
          id="expense-repeat"
          className="field"
          value={value.repeat}
          aria-invalid={error && focusId === 'expense-repeat' ? true : undefined}
          aria-describedby={
            [repeating ? 'expense-repeat-summary' : '', error ? ERROR_ID : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => onChange({ repeat: e.target.value as RepeatChoice })}
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {i18n._(REPEAT_LABELS[c])}
            </option>
          ))}
        </select>
        {value.repeat !== 'NEVER' ? (
          <p id="expense-repeat-summary" className="mt-1 text-xs text-muted">
            {describeRecurrence(value.repeat, startDate, timeZone)}
            {end ? ` · ${end}` : ''}
          </p>
        ) : null}
      </div>
      {repeating ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="expense-ends" className="label">
              <Trans>Ends</Trans>
            </label>
            <select
              id="expense-ends"
              className="field"
              value={value.ends}
              onChange={(e) => onChange({ ends: e.target.value as EndMode })}
            >
              {END_MODES.map((m) => (
                <option key={m} value={m}>
                  {i18n._(END_LABELS[m])}
                </option>
              ))}
            </select>
          </div>
          {value.ends === 'DATE' ? (
            <div>
              <label htmlFor="expense-end-date" className="label">
                <Trans>End date</Trans>
              </label>
              <input
                id="expense-end-date"
                {...invalid('expense-end-date')}
                className="field"
                type="date"
                min={startDate}
                value={value.endDate}
                onChange={(e) => onChange({ endDate: e.target.value })}
              />
            </div>
          ) : value.ends === 'COUNT' ? (
            <div>
              <label htmlFor="expense-end-count" className="label">
                <Trans>Number of times</Trans>
              </label>
              <input
                id="expense-end-count"
                {...invalid('expense-end-count')}
                className="field"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_END_COUNT}
                step={1}
                value={value.endCount}
                onChange={(e) => onChange({ endCount: e.target.value })}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <div className="-mt-2">
          <FieldError id={ERROR_ID} message={error} />
        </div>
      ) : null}
    </div>
  );
}
