import { Trans, useLingui } from '@lingui/react/macro';
import { GROUP_FILTERS, type GroupFilter } from '../../lib/groupFilters';
import { CheckIcon } from '../icons';
import { Modal } from '../Modal';

interface Props {
  value: GroupFilter;
  onChange: (value: GroupFilter) => void;
  onClose: () => void;
}

export function GroupFilterSheet({ value, onChange, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal title={t`Set filter`} onClose={onClose} size="sm">
      <ul className="flex flex-col gap-1" aria-label={t`Filters`}>
        {GROUP_FILTERS.map((option) => (
          <li key={option.value}>
            <button
              type="button"
              aria-pressed={option.value === value}
              className={`flex min-h-12 w-full items-center justify-between rounded-xl px-3 text-left ${
                option.value === value
                  ? 'bg-primary-soft font-semibold text-primary'
                  : 'hover:bg-surface-2'
              }`}
              onClick={() => {
                onChange(option.value);
                onClose();
              }}
            >
              {t(option.label)}
              {option.value === value ? <CheckIcon className="size-5" /> : null}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn-secondary mt-3 w-full" onClick={onClose}>
        <Trans>Cancel</Trans>
      </button>
    </Modal>
  );
}
