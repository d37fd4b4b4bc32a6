// The invitation e-mail sent to an address with no Evenly account yet (docs/api.md §5.7).
import type { MailMessage } from '../../mail/mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `{APP_URL}/register?email=<address>`; `@` is left readable, everything else is encoded. */
export function registerLink(appUrl: string, address: string): string {
  return `${appUrl}/register?email=${encodeURIComponent(address).replace(/%40/g, '@')}`;
}

export function invitationEmail(
  to: string,
  inviterName: string,
  groupName: string | null,
  link: string,
): MailMessage {
  const intro =
    groupName === null
      ? `${inviterName} invited you to Evenly, the simple way to split shared expenses.`
      : `${inviterName} wants to add you to the group “${groupName}” on Evenly, the simple way to split shared expenses.`;
  const outro = `Create your account with this address and you will find a friend request from ${inviterName} waiting. If you do not know ${inviterName}, ignore this e-mail.`;
  const title = `${inviterName} invited you to Evenly`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Evenly</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Join Evenly</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(outro)}</p>
</td></tr></table></body></html>`;
  return {
    to,
    subject: `${inviterName} invited you to Evenly`,
    link,
    text: `${intro}\n\nJoin Evenly: ${link}\n\n${outro}\n`,
    html,
  };
}
