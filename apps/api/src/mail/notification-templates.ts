// Notification e-mails (issue #11): one event, or a day's digest. Each carries the RFC 8058
// one-click unsubscribe headers; the footer links to the settings and says how to stop them.
import type { MailMessage } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface NoteLine {
  title: string;
  body: string;
  /** Absolute link into the app. */
  link: string;
}

export interface UnsubscribeLinks {
  /** The one-click POST endpoint (List-Unsubscribe). */
  oneClick: string;
  /** The web page explaining it, for people who click the link in the footer. */
  page: string;
  settings: string;
  /** What the link stops, e.g. "comment e-mails". */
  what: string;
}

/** RFC 8058: a mail client may POST `List-Unsubscribe=One-Click` to the https URL, no sign-in. */
export function unsubscribeHeaders(links: UnsubscribeLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function shell(title: string, inner: string, links: UnsubscribeLinks): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Evenly</p>
${inner}
<p style="margin:24px 0 0;font-size:13px;color:#52606d">You get this because of your <a href="${escapeHtml(links.settings)}">notification settings</a>. <a href="${escapeHtml(links.page)}">Unsubscribe from ${escapeHtml(links.what)}</a>.</p>
</td></tr></table></body></html>`;
}

function footerText(links: UnsubscribeLinks): string {
  return `--\nNotification settings: ${links.settings}\nUnsubscribe from ${links.what}: ${links.page}\n`;
}

export function notificationEmail(
  to: string,
  note: NoteLine,
  links: UnsubscribeLinks,
): MailMessage {
  const inner = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(note.title)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(note.body)}</p>
<p style="margin:0"><a href="${escapeHtml(note.link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Open in Evenly</a></p>`;
  return {
    to,
    subject: note.title,
    link: note.link,
    text: `${note.title}\n\n${note.body}\n\nOpen in Evenly: ${note.link}\n\n${footerText(links)}`,
    html: shell(note.title, inner, links),
    headers: unsubscribeHeaders(links),
  };
}

export function digestEmail(
  to: string,
  name: string,
  lines: readonly NoteLine[],
  more: number,
  appLink: string,
  links: UnsubscribeLinks,
): MailMessage {
  const title = `Your Evenly day: ${lines.length + more} update${lines.length + more === 1 ? '' : 's'}`;
  const items = lines
    .map(
      (l) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(l.link)}" style="font-weight:600;color:#0f766e">${escapeHtml(l.title)}</a><br><span style="color:#52606d">${escapeHtml(l.body)}</span></li>`,
    )
    .join('\n');
  const moreLine = more > 0 ? `…and ${more} more in the app.` : '';
  const inner = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px">Hi ${escapeHtml(name)}, here is what happened since the last digest.</p>
<ul style="margin:0 0 16px;padding-left:20px;line-height:1.4">${items}</ul>
${moreLine === '' ? '' : `<p style="margin:0 0 16px">${escapeHtml(moreLine)}</p>`}
<p style="margin:0"><a href="${escapeHtml(appLink)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Open Evenly</a></p>`;
  const text = [
    `Hi ${name}, here is what happened since the last digest.`,
    '',
    ...lines.map((l) => `* ${l.title}\n  ${l.body}\n  ${l.link}`),
    ...(moreLine === '' ? [] : ['', moreLine]),
    '',
    `Open Evenly: ${appLink}`,
    '',
    footerText(links),
  ].join('\n');
  return {
    to,
    subject: title,
    link: appLink,
    text,
    html: shell(title, inner, links),
    headers: unsubscribeHeaders(links),
  };
}
