// The invitation e-mail sent to an address with no Evenly account yet (docs/api.md §5.7). The
// invited person has no language yet: it is written in the inviter's (issue #32).
import type { Translator } from '../../i18n/index.js';
import type { MailMessage } from '../../mail/mailer.js';
import { escapeHtml, htmlOpen } from '../../mail/templates.js';

const WORDS = {
  aFriend: /*i18n*/ { id: 'mail.invite.aFriend', message: 'A friend' },
  subject: /*i18n*/ { id: 'mail.invite.subject', message: '{inviter} invited you to Evenly' },
  intro: /*i18n*/ {
    id: 'mail.invite.intro',
    message: '{inviter} invited you to Evenly, the simple way to split shared expenses.',
  },
  introGroup: /*i18n*/ {
    id: 'mail.invite.introGroup',
    message:
      '{inviter} wants to add you to the group “{group}” on Evenly, the simple way to split shared expenses.',
  },
  outro: /*i18n*/ {
    id: 'mail.invite.outro',
    message:
      'Create your account with this address and you will find a friend request from {inviter} waiting. If you do not know {inviter}, ignore this e-mail.',
  },
  action: /*i18n*/ { id: 'mail.invite.action', message: 'Join Evenly' },
  pasteLink: /*i18n*/ { id: 'mail.pasteLink', message: 'Or paste this link into your browser:' },
} as const;

/** `{APP_URL}/register?email=<address>`; `@` is left readable, everything else is encoded. */
export function registerLink(appUrl: string, address: string): string {
  return `${appUrl}/register?email=${encodeURIComponent(address).replace(/%40/g, '@')}`;
}

/** `inviterName` null: the inviter's account is gone ("A friend"). */
export function invitationEmail(
  tr: Translator,
  to: string,
  inviterName: string | null,
  groupName: string | null,
  link: string,
): MailMessage {
  const inviter = inviterName ?? tr.t(WORDS.aFriend);
  const intro =
    groupName === null
      ? tr.t(WORDS.intro, { inviter })
      : tr.t(WORDS.introGroup, { inviter, group: groupName });
  const outro = tr.t(WORDS.outro, { inviter });
  const title = tr.t(WORDS.subject, { inviter });
  const action = tr.t(WORDS.action);
  const html = `${htmlOpen(tr, title)}
<body dir="${tr.dir}" style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Evenly</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">${escapeHtml(tr.t(WORDS.pasteLink))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all" dir="ltr"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(outro)}</p>
</td></tr></table></body></html>`;
  return { to, subject: title, link, text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`, html };
}
