// What leaving and deleting a group ask before they go (both are in Group settings only).
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The question before leaving the group named `name`. */
export function leaveGroupQuestion(i18n: I18n, name: string) {
  return {
    title: i18n._(msg`Leave group`),
    message: i18n._(msg`Leave "${name}"? You will lose access to its expenses.`),
    confirmLabel: i18n._(msg`Leave`),
  };
}

/** The question before deleting the group named `name`. */
export function deleteGroupQuestion(i18n: I18n, name: string) {
  return {
    title: i18n._(msg`Delete group`),
    message: i18n._(
      msg`Delete "${name}" with all its expenses and payments? This cannot be undone.`,
    ),
    confirmLabel: i18n._(msg`Delete Group`),
  };
}
