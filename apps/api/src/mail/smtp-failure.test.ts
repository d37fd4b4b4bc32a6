import { describe, expect, it } from 'vitest';
import { smtpFailure, smtpUrlSecrets } from './smtp-failure.js';

/** What nodemailer throws: an Error with the SMTP fields beside the message. */
function nodemailerError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('smtpFailure', () => {
  it('keeps the answer verbatim and gives up only on a refused recipient', () => {
    const rcpt = (response: string, responseCode: number) =>
      smtpFailure(
        nodemailerError(`Can't send mail - all recipients were rejected: ${response}`, {
          code: 'EENVELOPE',
          response,
          responseCode,
          command: 'RCPT TO',
        }),
        [],
      );
    const unknown = rcpt('550 5.1.1 <x@y>: Recipient address rejected', 550);
    expect(unknown.message).toBe(
      "550 5.1.1 <x@y>: Recipient address rejected (the mail server's answer to RCPT TO)",
    );
    expect(unknown.permanent).toBe(true);
    expect(rcpt('554 5.7.1 <x@y>: Relay access denied', 554).permanent).toBe(false);
    expect(rcpt('450 4.2.0 Mailbox busy', 450).permanent).toBe(false);
    const greeting = smtpFailure(
      nodemailerError('Invalid greeting. response=421 Busy: 421 Busy', {
        code: 'EPROTOCOL',
        response: '421 Busy',
        responseCode: 421,
        command: 'CONN',
      }),
      [],
    );
    expect(greeting.message).toBe("421 Busy (the mail server's answer on connecting)");
  });

  it('names network failures and blanks the SMTP password wherever it appears', () => {
    const secrets = smtpUrlSecrets('smtp://evenly:pa%24%24word@mail.example.com:587');
    expect(secrets).toEqual(['pa%24%24word', 'pa$$word']);
    const failure = smtpFailure(
      nodemailerError('connect ECONNREFUSED with pa$$word and pa%24%24word', {
        code: 'ESOCKET',
        command: 'CONN',
      }),
      secrets,
    );
    expect(failure.message).toBe(
      'Could not reach the mail server: connect ECONNREFUSED with *** and ***',
    );
    expect(failure.name).toBe('SMTP');
  });

  it('cuts long answers', () => {
    const response = `554 ${'x'.repeat(2000)}`;
    const failure = smtpFailure(
      nodemailerError(response, { response, responseCode: 554, command: 'DATA' }),
      [],
    );
    expect(failure.message.length).toBeLessThan(600);
  });
});
