// The words of notifications (issue #32): e-mail, digest line and push say the same, in the
// recipient's language. Lingui message descriptors (extracted into apps/api/src/locales/*.po).

export const NOTE_WORDS = {
  quoted: /*i18n*/ { id: 'note.quoted', message: '“{text}”' },
  sentence: /*i18n*/ { id: 'note.sentence', message: '{what}.' },
  inGroup: /*i18n*/ { id: 'note.inGroup', message: '{what} in {group}.' },
  anExpense: /*i18n*/ { id: 'note.anExpense', message: 'An expense' },
  shareBack: /*i18n*/ { id: 'note.share.back', message: 'You get back {amount}.' },
  shareYours: /*i18n*/ { id: 'note.share.yours', message: 'Your share: {amount}.' },
  expenseAdded: /*i18n*/ { id: 'note.expense.added', message: '{actor} added {description}' },
  expenseUpdated: /*i18n*/ { id: 'note.expense.updated', message: '{actor} edited {description}' },
  expenseDeleted: /*i18n*/ {
    id: 'note.expense.deleted',
    message: '{actor} deleted {description}',
  },
  expenseRestored: /*i18n*/ {
    id: 'note.expense.restored',
    message: '{actor} restored {description}',
  },
  paymentAdded: /*i18n*/ { id: 'note.payment.added', message: '{actor} recorded a payment' },
  paymentUpdated: /*i18n*/ { id: 'note.payment.updated', message: '{actor} edited a payment' },
  paymentDeleted: /*i18n*/ { id: 'note.payment.deleted', message: '{actor} deleted a payment' },
  paymentRestored: /*i18n*/ {
    id: 'note.payment.restored',
    message: '{actor} restored a payment',
  },
  commented: /*i18n*/ { id: 'note.comment', message: '{actor} commented' },
  commentedIn: /*i18n*/ { id: 'note.commentIn', message: '{actor} commented in {group}' },
  addedTo: /*i18n*/ { id: 'note.member.added', message: '{actor} added you to {group}' },
  addedToAGroup: /*i18n*/ {
    id: 'note.member.addedNoGroup',
    message: '{actor} added you to a group',
  },
  addedBody: /*i18n*/ {
    id: 'note.member.body',
    message: 'Open the group to see its expenses and balances.',
  },
  friendRequest: /*i18n*/ {
    id: 'note.friend.title',
    message: '{actor} sent you a friend request',
  },
  friendRequestBody: /*i18n*/ {
    id: 'note.friend.body',
    message: 'Accept it to split expenses with them.',
  },
  reminder: /*i18n*/ { id: 'note.reminder.title', message: '{actor} reminded you to settle up' },
  reminderBody: /*i18n*/ { id: 'note.reminder.body', message: 'You owe {actor} {amount}.' },
  reminderBodyIn: /*i18n*/ {
    id: 'note.reminder.bodyIn',
    message: 'You owe {actor} {amount} in {group}.',
  },
  reminderBodyNoAmount: /*i18n*/ {
    id: 'note.reminder.bodyNoAmount',
    message: 'You owe {actor} money.',
  },
  budgetOver: /*i18n*/ { id: 'note.budget.over', message: 'Over your {category} budget' },
  budgetOverBody: /*i18n*/ {
    id: 'note.budget.overBody',
    message: 'Your share this month is {spent}, over the {budget} budget.',
  },
  budgetNear: /*i18n*/ {
    id: 'note.budget.near',
    message: '{percent} of your {category} budget used',
  },
  budgetNearBody: /*i18n*/ {
    id: 'note.budget.nearBody',
    message: 'Your share this month is {spent} of the {budget} budget.',
  },
  scopeDigest: /*i18n*/ { id: 'note.scope.digest', message: 'the daily digest' },
  scopeKind: /*i18n*/ { id: 'note.scope.kind', message: 'e-mails for “{kind}”' },
  kindGroupAdded: /*i18n*/ { id: 'note.kind.GROUP_ADDED', message: 'Added to a group' },
  kindExpense: /*i18n*/ { id: 'note.kind.EXPENSE', message: 'Expenses that involve me' },
  kindPayment: /*i18n*/ { id: 'note.kind.PAYMENT', message: 'Payments that involve me' },
  kindComment: /*i18n*/ { id: 'note.kind.COMMENT', message: 'Comments on my expenses' },
  kindFriendRequest: /*i18n*/ { id: 'note.kind.FRIEND_REQUEST', message: 'Friend requests' },
  kindReminder: /*i18n*/ { id: 'note.kind.REMINDER', message: 'Reminders to settle up' },
  kindBudget: /*i18n*/ { id: 'note.kind.BUDGET', message: 'Budget alerts (80% and 100%)' },
} as const;
