// What a failed SMTP delivery becomes: one error whose message is what an administrator needs
// (the mail server's answer verbatim, or the network error), with no secret of SMTP_URL in it,
// and which says whether trying again later can help. The job queue stores the message as the
// job's `last_error` (shown in the admin area) and retries unless the error is permanent.

/** The longest server answer kept; some servers answer with pages of multi-line text. */
const MAX_ANSWER = 500;

/** Failed SMTP delivery. `permanent`: the server refused this recipient for good (see below). */
export class SmtpFailure extends Error {
  // The job's last_error reads `SMTP: <message>`.
  override readonly name = 'SMTP';

  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The parts of a nodemailer error that describe an SMTP failure. */
interface NodemailerErrorFields {
  code?: unknown;
  response?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/** Codes nodemailer gives when the server could not be reached or stopped answering. */
const UNREACHABLE = new Set(['ESOCKET', 'ECONNECTION', 'EDNS', 'ETIMEDOUT', 'ECONNREFUSED']);

/**
 * A 5xx answer to RCPT TO refuses the recipient itself (no such mailbox, bad address): sending
 * again an hour later gets the same answer, so the mail is given up at once. A 5.7.x answer
 * (relaying denied, authentication required) is about the server's policy or our credentials,
 * which an administrator can fix: that one is retried like every other failure.
 */
function refusesRecipient(command: string, code: number, answer: string): boolean {
  return command === 'RCPT TO' && code >= 500 && code < 600 && !/^\d{3}[ -]5\.7\./.test(answer);
}

/**
 * Turns what nodemailer threw into an {@link SmtpFailure}. `secrets` (SMTP_URL's password, as
 * written and decoded) are blanked wherever they appear, though nodemailer's messages do not
 * normally carry them.
 */
export function smtpFailure(error: unknown, secrets: readonly string[]): SmtpFailure {
  const fields: NodemailerErrorFields =
    typeof error === 'object' && error !== null ? (error as NodemailerErrorFields) : {};
  const message = error instanceof Error ? error.message : String(error);
  const command = typeof fields.command === 'string' ? fields.command : '';
  const code = typeof fields.code === 'string' ? fields.code : '';
  const clean = (text: string) => truncate(redact(text.trim(), secrets));

  if (typeof fields.response === 'string' && typeof fields.responseCode === 'number') {
    const answer = clean(fields.response);
    const when = command === '' || command === 'CONN' ? 'on connecting' : `to ${command}`;
    return new SmtpFailure(
      `${answer} (the mail server's answer ${when})`,
      refusesRecipient(command, fields.responseCode, answer),
    );
  }
  if (code === 'ETIMEDOUT') {
    return new SmtpFailure(`The mail server did not answer in time: ${clean(message)}`, false);
  }
  if (UNREACHABLE.has(code)) {
    return new SmtpFailure(`Could not reach the mail server: ${clean(message)}`, false);
  }
  return new SmtpFailure(`Could not send the mail: ${clean(message)}`, false);
}

/** The secrets of an SMTP URL: its password, as written in the URL and decoded. */
export function smtpUrlSecrets(smtpUrl: string): string[] {
  try {
    const { password } = new URL(smtpUrl);
    if (password === '') return [];
    return [...new Set([password, decodeURIComponent(password)])];
  } catch {
    return [];
  }
}

function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret !== '') out = out.replaceAll(secret, '***');
  return out;
}

function truncate(text: string): string {
  return text.length > MAX_ANSWER ? `${text.slice(0, MAX_ANSWER)}…` : text;
}
