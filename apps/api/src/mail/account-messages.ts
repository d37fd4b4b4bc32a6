// The words of the account e-mails (issue #32), as Lingui message descriptors: `lingui extract`
// reads them into apps/api/src/locales/*.po, and templates.ts looks each up in the reader's
// language. The `message` is the English source text.

export const ACCOUNT_MAIL = {
  pasteLink: /*i18n*/ { id: 'mail.pasteLink', message: 'Or paste this link into your browser:' },
  verify: {
    subject: /*i18n*/ {
      id: 'mail.verify.subject',
      message: 'Verify your e-mail address for Evenly',
    },
    title: /*i18n*/ { id: 'mail.verify.title', message: 'Verify your e-mail address' },
    intro: /*i18n*/ {
      id: 'mail.verify.intro',
      message:
        'Hi {name}, please confirm your e-mail address to start splitting expenses with Evenly.',
    },
    action: /*i18n*/ { id: 'mail.verify.action', message: 'Verify your e-mail' },
    outro: /*i18n*/ {
      id: 'mail.verify.outro',
      message:
        'The link is valid for 24 hours. If you did not create an account, ignore this e-mail.',
    },
  },
  reset: {
    subject: /*i18n*/ { id: 'mail.reset.subject', message: 'Reset your Evenly password' },
    title: /*i18n*/ { id: 'mail.reset.title', message: 'Reset your password' },
    intro: /*i18n*/ {
      id: 'mail.reset.intro',
      message: 'Hi {name}, someone asked to reset the password of your Evenly account.',
    },
    action: /*i18n*/ { id: 'mail.reset.action', message: 'Choose a new password' },
    outro: /*i18n*/ {
      id: 'mail.reset.outro',
      message:
        'The link is valid for 1 hour and works once. If it was not you, ignore this e-mail; your password stays the same.',
    },
  },
  changeConfirm: {
    subject: /*i18n*/ {
      id: 'mail.changeConfirm.subject',
      message: 'Confirm your new e-mail address for Evenly',
    },
    title: /*i18n*/ { id: 'mail.changeConfirm.title', message: 'Confirm your new e-mail address' },
    intro: /*i18n*/ {
      id: 'mail.changeConfirm.intro',
      message:
        'Hi {name}, please confirm that {email} should become the e-mail address of your Evenly account.',
    },
    action: /*i18n*/ { id: 'mail.changeConfirm.action', message: 'Confirm the new address' },
    outro: /*i18n*/ {
      id: 'mail.changeConfirm.outro',
      message:
        'The link is valid for 24 hours and works once. Until you open it, you keep signing in with your current address. If you did not ask for this, ignore this e-mail.',
    },
  },
  changeNotice: {
    subject: /*i18n*/ {
      id: 'mail.changeNotice.subject',
      message: 'Your Evenly e-mail address is about to change',
    },
    title: /*i18n*/ {
      id: 'mail.changeNotice.title',
      message: 'Your e-mail address is about to change',
    },
    intro: /*i18n*/ {
      id: 'mail.changeNotice.intro',
      message:
        'Hi {name}, someone signed in to your Evenly account asked to change its e-mail address to {email}. Nothing changes until the link sent to that address is opened.',
    },
    action: /*i18n*/ { id: 'mail.changeNotice.action', message: 'Review your account' },
    outro: /*i18n*/ {
      id: 'mail.changeNotice.outro',
      message:
        'If this was you, there is nothing to do. If it was not, change your password now: it also signs out every device.',
    },
  },
  test: {
    subject: /*i18n*/ { id: 'mail.test.subject', message: 'Evenly test e-mail' },
    title: /*i18n*/ { id: 'mail.test.title', message: 'Test e-mail' },
    intro: /*i18n*/ {
      id: 'mail.test.intro',
      message:
        'Hi {name}, this is a test e-mail from your Evenly server. If you can read it, e-mail works.',
    },
    action: /*i18n*/ { id: 'mail.test.action', message: 'Open the admin area' },
    outro: /*i18n*/ {
      id: 'mail.test.outro',
      message: 'Sent because an administrator asked for it in the admin area.',
    },
  },
} as const;
