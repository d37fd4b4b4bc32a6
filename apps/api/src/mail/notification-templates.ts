// Notification e-mails (issue #11): one event, or a day's digest. Each carries the RFC 8058
// one-click unsubscribe headers; the footer links to the settings and says how to stop them.
// Written in the reader's language (issue #32); the note lines come translated (notifications).
import type { Translator } from '../i18n/index.js';
import type { MailMessage } from './mailer.js';
import { escapeHtml, htmlOpen } from './templates.js';

const WORDS = {
  open: /*i18n*/ { id: 'mail.note.open', message: 'Open in Evenly' },
  why: /*i18n*/ {
    id: 'mail.footer.why',
    message: 'You get this e-mail because of your notification settings.',
  },
  settings: /*i18n*/ { id: 'mail.footer.settings', message: 'Notification settings' },
  unsubscribe: /*i18n*/ { id: 'mail.footer.unsubscribe', message: 'Unsubscribe from {what}' },
  digestSubject: /*i18n*/ {
    id: 'mail.digest.subject',
    message: '{count, plural, one {Your Evenly day: # update} other {Your Evenly day: # updates}}',
  },
  digestIntro: /*i18n*/ {
    id: 'mail.digest.intro',
    message: 'Hi {name}, here is what happened since the last digest.',
  },
  digestMore: /*i18n*/ {
    id: 'mail.digest.more',
    message: '{count, plural, one {…and # more in the app.} other {…and # more in the app.}}',
  },
  digestOpen: /*i18n*/ { id: 'mail.digest.open', message: 'Open Evenly' },
} as const;

export interface NoteLine {
  title: string;
  body: string;
  /** Absolute link into the app. */
  link: string;
  /** When it happened, already written for the reader ("28. Nov. 2026, 19:01"). */
  when?: string;
}

export interface UnsubscribeLinks {
  /** The one-click POST endpoint (List-Unsubscribe). */
  oneClick: string;
  /** The web page explaining it, for people who click the link in the footer. */
  page: string;
  settings: string;
  /** What the link stops, in the reader's language, e.g. "e-mails for “Comments on my expenses”". */
  what: string;
}

/** RFC 8058: a mail client may POST `List-Unsubscribe=One-Click` to the https URL, no sign-in. */
export function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function shell(tr: Translator, title: string, inner: string, links: UnsubscribeLinks): string {
  return `${htmlOpen(tr, title)}
<body dir="${tr.dir}" style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Evenly</p>
${inner}
<p style="margin:24px 0 0;font-size:13px;color:#52606d">${escapeHtml(tr.t(WORDS.why))} <a href="${escapeHtml(links.settings)}">${escapeHtml(tr.t(WORDS.settings))}</a> · <a href="${escapeHtml(links.page)}">${escapeHtml(tr.t(WORDS.unsubscribe, { what: links.what }))}</a></p>
</td></tr></table></body></html>`;
}

function footerText(tr: Translator, links: UnsubscribeLinks): string {
  const unsubscribe = tr.t(WORDS.unsubscribe, { what: links.what });
  return `--\n${tr.t(WORDS.settings)}: ${links.settings}\n${unsubscribe}: ${links.page}\n`;
}

export function notificationEmail(
  tr: Translator,
  to: string,
  note: NoteLine,
  links: UnsubscribeLinks,
): MailMessage {
  const when =
    note.when === undefined
      ? ''
      : `<p style="margin:0 0 8px;font-size:13px;color:#52606d">${escapeHtml(note.when)}</p>\n`;
  const inner = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(note.title)}</h1>
${when}<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(note.body)}</p>
<p style="margin:0"><a href="${escapeHtml(note.link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(tr.t(WORDS.open))}</a></p>`;
  return {
    to,
    subject: note.title,
    link: note.link,
    text: `${note.title}\n${note.when === undefined ? '' : `${note.when}\n`}\n${note.body}\n\n${tr.t(WORDS.open)}: ${note.link}\n\n${footerText(tr, links)}`,
    html: shell(tr, note.title, inner, links),
    headers: unsubscribeHeaders(links),
  };
}

export function digestEmail(
  tr: Translator,
  to: string,
  name: string,
  lines: readonly NoteLine[],
  more: number,
  appLink: string,
  links: UnsubscribeLinks,
): MailMessage {
  const title = tr.t(WORDS.digestSubject, { count: lines.length + more });
  const intro = tr.t(WORDS.digestIntro, { name });
  const open = tr.t(WORDS.digestOpen);
  const items = lines
    .map(
      (l) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(l.link)}" style="font-weight:600;color:#0f766e">${escapeHtml(l.title)}</a><br><span style="color:#52606d">${escapeHtml(l.body)}</span>${l.when === undefined ? '' : `<br><span style="font-size:13px;color:#52606d">${escapeHtml(l.when)}</span>`}</li>`,
    )
    .join('\n');
  const moreLine = more > 0 ? tr.t(WORDS.digestMore, { count: more }) : '';
  const inner = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<ul style="margin:0 0 16px;padding-inline-start:20px;line-height:1.4">${items}</ul>
${moreLine === '' ? '' : `<p style="margin:0 0 16px">${escapeHtml(moreLine)}</p>`}
<p style="margin:0"><a href="${escapeHtml(appLink)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(open)}</a></p>`;
  const text = [
    intro,
    '',
    ...lines.map(
      (l) => `* ${l.title}\n  ${l.body}\n${l.when === undefined ? '' : `  ${l.when}\n`}  ${l.link}`,
    ),
    ...(moreLine === '' ? [] : ['', moreLine]),
    '',
    `${open}: ${appLink}`,
    '',
    footerText(tr, links),
  ].join('\n');
  return {
    to,
    subject: title,
    link: appLink,
    text,
    html: shell(tr, title, inner, links),
    headers: unsubscribeHeaders(links),
  };
}
