// The e-mails Evenly sends: HTML and plain-text bodies with one action link each.
import type { MailMessage } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0f766e">Evenly</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52606d">Or paste this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(outro)}</p>
</td></tr></table></body></html>`;
}

export function verificationEmail(to: string, name: string, link: string): MailMessage {
  const intro = `Hi ${name}, please confirm your e-mail address to start splitting expenses with Evenly.`;
  const outro =
    'The link is valid for 24 hours. If you did not create an account, ignore this e-mail.';
  return {
    to,
    subject: 'Verify your e-mail address for Evenly',
    link,
    text: `${intro}\n\nVerify your e-mail: ${link}\n\n${outro}\n`,
    html: layout('Verify your e-mail address', intro, 'Verify e-mail', link, outro),
  };
}

export function passwordResetEmail(to: string, name: string, link: string): MailMessage {
  const intro = `Hi ${name}, someone asked to reset the password of your Evenly account.`;
  const outro =
    'The link is valid for 1 hour and works once. If it was not you, ignore this e-mail; your password stays the same.';
  return {
    to,
    subject: 'Reset your Evenly password',
    link,
    text: `${intro}\n\nChoose a new password: ${link}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Choose a new password', link, outro),
  };
}

export function changeEmailConfirmation(to: string, name: string, link: string): MailMessage {
  const intro = `Hi ${name}, please confirm that ${to} should become the e-mail address of your Evenly account.`;
  const outro =
    'The link is valid for 24 hours and works once. Until you open it, you keep signing in with your current address. If you did not ask for this, ignore this e-mail.';
  return {
    to,
    subject: 'Confirm your new e-mail address for Evenly',
    link,
    text: `${intro}\n\nConfirm the new address: ${link}\n\n${outro}\n`,
    html: layout('Confirm your new e-mail address', intro, 'Confirm new address', link, outro),
  };
}

export function changeEmailNotice(
  to: string,
  name: string,
  newEmail: string,
  link: string,
): MailMessage {
  const intro = `Hi ${name}, someone signed in to your Evenly account asked to change its e-mail address to ${newEmail}. Nothing changes until the link sent to that address is opened.`;
  const outro =
    'If this was you, there is nothing to do. If it was not, change your password now: it also signs out every device.';
  return {
    to,
    subject: 'Your Evenly e-mail address is about to change',
    link,
    text: `${intro}\n\nReview your account: ${link}\n\n${outro}\n`,
    html: layout(
      'Your e-mail address is about to change',
      intro,
      'Review your account',
      link,
      outro,
    ),
  };
}

/** The admin area's test message: proves the server can send mail (SMTP_URL, MAIL_FROM). */
export function testEmail(to: string, name: string, link: string): MailMessage {
  const intro = `Hi ${name}, this is a test e-mail from your Evenly server. If you can read it, e-mail works.`;
  const outro = 'Sent because an administrator asked for it in the admin area.';
  return {
    to,
    subject: 'Evenly test e-mail',
    link,
    text: `${intro}\n\nAdmin area: ${link}\n\n${outro}\n`,
    html: layout('Test e-mail', intro, 'Open the admin area', link, outro),
  };
}
