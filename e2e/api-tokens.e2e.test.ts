// Personal API tokens against the real server (issue #34 point 4): made on Account → API tokens,
// the secret shown once and copied, used with fetch as a bearer token (a read-only one is refused
// a write), then revoked in the UI, after which the same fetch gets a 401.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialog, openAs, seeText, startAppServer, textGone } from './support/app';
import { launchBrowser } from './support/browser';
import type { RunningServer } from './support/server';
import { lastCopied, recordCopies } from './support/clipboard';

let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startAppServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A request with the API token, as a script would send it. */
async function withToken(token: string, method: string, path: string, body?: unknown) {
  return fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('API tokens', () => {
  it('makes a token shown once, which works with fetch until it is revoked', async () => {
    const ann = await createUser(server, 'Ann Lee');
    const { page, context } = await openAs(browser, server, ann, '/app/account');
    await context.grantPermissions(['clipboard-write'], { origin: server.baseUrl });
    await recordCopies(page);
    await page
      .getByRole('list', { name: 'Account menu' })
      .getByRole('link', { name: 'API tokens' })
      .click();
    await page.waitForURL('**/app/account/api-tokens');
    await seeText(page, 'No API tokens yet');

    await page.getByRole('button', { name: 'New token' }).click();
    const form = dialog(page, 'New API token');
    await form.getByLabel('Name').fill('Export script');
    await form.getByRole('radio', { name: /Read only/ }).check();
    await form.getByRole('radio', { name: /30 days/ }).check();
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = dialog(page, 'Your new API token');
    await shown.getByText(/not see it again/).waitFor();
    const token = await shown.getByLabel(/Token/).inputValue();
    expect(token).toMatch(/^evy_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await seeText(page, 'Token copied.');
    expect(await lastCopied(page)).toBe(token);
    await shown.getByRole('button', { name: 'Done' }).click();

    // Listed without the secret; never shown again.
    const list = page.getByRole('list', { name: 'API tokens' });
    await list.getByText('Export script').waitFor();
    await list.getByText('Read only').waitFor();
    expect(await page.content()).not.toContain(token);

    const me = await withToken(token, 'GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(ann.id);
    const write = await withToken(token, 'POST', '/groups', { name: 'Trip' });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { code: string }).code).toBe('TOKEN_READ_ONLY');

    // The use shows on the page once recorded (it is written after the answer).
    await expect
      .poll(
        async () => {
          await page.reload();
          await list.getByText('Export script').waitFor();
          return list.getByText('Never').count();
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(0);
    await page.getByRole('button', { name: 'Revoke Export script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await seeText(page, 'No API tokens yet');
    await textGone(page, 'Export script');

    expect((await withToken(token, 'GET', '/auth/me')).status).toBe(401);
    await context.close();
  });
});
