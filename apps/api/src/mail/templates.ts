// The e-mails Evenly sends: HTML and plain-text bodies with one action link each, in the
// reader's language (issue #32: `tr`, see ../i18n). User text (names, addresses) is escaped.
import type { MessageDescriptor } from '@lingui/core';
import type { Translator } from '../i18n/index.js';
import { ACCOUNT_MAIL } from './account-messages.js';
import type { MailMessage } from './mailer.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `<html lang dir>` of an e-mail in the reader's language (Arabic reads right to left). */
export function htmlOpen(tr: Translator, title: string): string {
  return `<!doctype html><html lang="${tr.locale}" dir="${tr.dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`;
}

function layout(
  tr: Translator,
  title: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): string {
  return `${htmlOpen(tr, title)}
<body dir="${tr.dir}" style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Evenly</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">${escapeHtml(tr.t(ACCOUNT_MAIL.pasteLink))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all" dir="ltr"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(outro)}</p>
</td></tr></table></body></html>`;
}

interface MailWords {
  subject: MessageDescriptor;
  title: MessageDescriptor;
  intro: MessageDescriptor;
  action: MessageDescriptor;
  outro: MessageDescriptor;
}

/** One account mail: its words in the reader's language, `values` filling the intro. */
function accountMail(
  tr: Translator,
  words: MailWords,
  to: string,
  link: string,
  values: Record<string, string>,
): MailMessage {
  const intro = tr.t(words.intro, values);
  const outro = tr.t(words.outro);
  const action = tr.t(words.action);
  return {
    to,
    subject: tr.t(words.subject),
    link,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: layout(tr, tr.t(words.title), intro, action, link, outro),
  };
}

export function verificationEmail(
  tr: Translator,
  to: string,
  name: string,
  link: string,
): MailMessage {
  return accountMail(tr, ACCOUNT_MAIL.verify, to, link, { name });
}

export function passwordResetEmail(
  tr: Translator,
  to: string,
  name: string,
  link: string,
): MailMessage {
  return accountMail(tr, ACCOUNT_MAIL.reset, to, link, { name });
}

export function changeEmailConfirmation(
  tr: Translator,
  to: string,
  name: string,
  link: string,
): MailMessage {
  return accountMail(tr, ACCOUNT_MAIL.changeConfirm, to, link, { name, email: to });
}

export function changeEmailNotice(
  tr: Translator,
  to: string,
  name: string,
  newEmail: string,
  link: string,
): MailMessage {
  return accountMail(tr, ACCOUNT_MAIL.changeNotice, to, link, { name, email: newEmail });
}

/** The admin area's test message: proves the server can send mail (SMTP_URL, MAIL_FROM). */
export function testEmail(tr: Translator, to: string, name: string, link: string): MailMessage {
  return accountMail(tr, ACCOUNT_MAIL.test, to, link, { name });
}
