// E-mail that fails is seen (issue #34 point 5): the built server's SMTP_URL points at a mail
// server this test starts, which refuses every message. A person who signs up is told on the
// sign-in page that the verification e-mail could not be sent yet (it is retried); a password
// reset refused for good says so. Both notices are live regions and pass the axe audit.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/api/test/support/smtp-sink';
import { audit } from './support/a11y-audit';
import { DESKTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { type RunningServer, serverIsBuilt, SERVER_ENTRY, startServer } from './support/server';

const built = serverIsBuilt();
if (!built) console.warn(`[e2e] ${SERVER_ENTRY} not built: mail failure flows skipped.`);

const RETRYING =
  'We could not send the e-mail yet. We will keep trying; you can also resend it later.';
const FAILED =
  'We could not send the e-mail. Please try again later or contact the administrator of this server.';

describe.skipIf(!built)('when the mail server refuses', () => {
  let browser: Browser;
  let server: RunningServer;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    browser = await launchBrowser();
    server = await startServer({
      requireEmailVerification: true,
      env: { SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    // bypassCSP: the audit injects axe-core as an inline script, which the server's CSP forbids.
    const context = await browser.newContext({
      viewport,
      serviceWorkers: 'block',
      bypassCSP: true,
    });
    return context.newPage();
  }

  it('tells a person who signed up that the verification e-mail could not be sent yet', async () => {
    // A temporary refusal of every message: the mail is retried, later.
    smtp.refuseNext(1000, 'data', 451, '4.3.0 Try again later');
    const page = await newPage(PHONE_VIEWPORT);
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('Name').fill('Rita Refused');
    await page.getByLabel('Email').fill('rita@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });

    const notice = page.getByRole('status').filter({ hasText: RETRYING });
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.getAttribute('aria-live')).toBe('polite');
    expect(smtp.rejected).toBeGreaterThan(0);
    expect(smtp.mails).toEqual([]);
    expect(await audit(page)).toEqual([]);
    await page.context().close();
  });

  it('tells a person asking for a reset link when it could not be sent at all', async () => {
    // The server refuses the recipient for good: the mail is given up at its first attempt.
    smtp.refuseNext(1000, 'rcpt', 550, '5.1.1 <rita@example.com>: Recipient address rejected');
    const page = await newPage(DESKTOP_VIEWPORT);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('rita@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for this email, a password reset link has been sent.')
      .waitFor();
    await page.getByRole('status').filter({ hasText: FAILED }).waitFor({ timeout: 30_000 });
    expect(await audit(page)).toEqual([]);
    await page.context().close();
  });
});
