// Shared helpers of the full-stack e2e tests: one real server per file (fresh database), fresh
// users per test created through the API, and browser contexts already signed in as one of them.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, SINGLE_COLUMN_VIEWPORT } from './browser';
import { type RunningServer, startServer } from './server';

export interface TestUser {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
}

export interface GroupInfo {
  id: number;
  name: string;
}

export const PASSWORD = 'secret123';

/** The run's shared app server (e2e/support/global-setup.ts), as JSON of its RunningServer. */
export const SHARED_SERVER_ENV = 'EVENLY_E2E_SERVER';

/**
 * The server for a test file: accounts are verified at once, and the client address is taken
 * from X-Forwarded-For so that the helpers below (one made-up address per account) stay clear
 * of the per-IP rate limits on register and login; the browser's own calls come from 127.0.0.1.
 * With the default settings, the run's shared server (its `stop` leaves it running for the
 * other files); with any setting of its own, a server of the file's own.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
): Promise<RunningServer> {
  const shared = process.env[SHARED_SERVER_ENV];
  if (Object.keys(env).length === 0 && shared !== undefined && shared !== '') {
    const server = JSON.parse(shared) as Omit<RunningServer, 'stop'>;
    return { ...server, stop: async () => {} };
  }
  return await startServer({
    requireEmailVerification: false,
    env: { TRUST_PROXY: 'true', ...env },
    ...options,
  });
}

let sequence = 0;
// Unique per test file even when two workers load this module in the same millisecond (the
// files share one server, so a repeated address would be refused as taken).
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

function nextAddress(): string {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    request: string,
  ) {
    super(`${request} → ${status} ${JSON.stringify(body)}`);
  }
}

/** One JSON call to the API; throws ApiFailure on a non-2xx answer. */
export async function apiCall<T>(
  server: RunningServer,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'X-Forwarded-For': nextAddress() };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiFailure(response.status, body, `${method} ${path}`);
  return body as T;
}

/** Registers (verified at once) and logs in a new user with a unique e-mail address. */
export async function createUser(server: RunningServer, name: string): Promise<TestUser> {
  sequence += 1;
  const local = name.toLowerCase().replace(/[^a-z]+/g, '.');
  const email = `${local}.${runId}.${sequence}@example.com`;
  await apiCall(server, 'POST', '/auth/register', { body: { name, email, password: PASSWORD } });
  const login = await apiCall<{ token: string; id: number }>(server, 'POST', '/auth/login', {
    body: { email, password: PASSWORD },
  });
  return { id: login.id, name, email, password: PASSWORD, token: login.token };
}

/** Makes two users friends (a request from `a`, accepted by `b`). */
export async function befriend(server: RunningServer, a: TestUser, b: TestUser): Promise<void> {
  const request = await apiCall<{ id: number }>(server, 'POST', '/friendships/requests', {
    body: { recipientEmail: b.email },
    token: a.token,
  });
  await apiCall(server, 'PUT', `/friendships/requests/${request.id}/accept`, { token: b.token });
}

/** Creates a group owned by `owner` with the given members (who must be the owner's friends). */
export async function createGroup(
  server: RunningServer,
  owner: TestUser,
  name: string,
  members: TestUser[] = [],
  options: {
    simplifyDebts?: boolean;
    defaultCurrency?: string;
    currencyMode?: 'CONVERT' | 'SEPARATE';
  } = {},
): Promise<GroupInfo> {
  const group = await apiCall<GroupInfo>(server, 'POST', '/groups', {
    body: { name, ...options, simplifyDebts: options.simplifyDebts ?? false },
    token: owner.token,
  });
  if (members.length > 0) {
    await apiCall(server, 'POST', `/groups/${group.id}/members`, {
      body: { memberIds: members.map((m) => m.id) },
      token: owner.token,
    });
  }
  return group;
}

/** An equal split of `amount` paid by `payer` among `among` (API shortcut for test setup). */
export async function addEqualExpense(
  server: RunningServer,
  payer: TestUser,
  groupId: number | null,
  description: string,
  amount: number,
  among: TestUser[],
  currency?: string,
): Promise<{ id: number }> {
  return await apiCall<{ id: number }>(server, 'POST', '/expenses', {
    token: payer.token,
    body: {
      description,
      amount,
      ...(currency ? { currency } : {}),
      groupId,
      splitType: 'EQUAL',
      payers: [{ userId: payer.id, amountPaid: amount }],
      splits: among.map((u) => ({ userId: u.id, value: null })),
    },
  });
}

export interface OpenOptions {
  /** 390×844 touch screen; `desktop`: 1440×900; neither: one column at 1000×900. */
  phone?: boolean;
  desktop?: boolean;
  theme?: 'light' | 'dark';
  /** The browser's locale (navigator.language), e.g. 'de-DE'. */
  locale?: string;
  /**
   * The app's language chosen on this device (localStorage.locale), e.g. 'en': with `locale`,
   * the browser's region then sets formats and defaults while the screens keep their words.
   */
  language?: string;
  /** The browser's IANA time zone, e.g. 'Europe/Lisbon' (default: the machine's). */
  timezoneId?: string;
  /** The device's prefers-color-scheme (playwright's default: light). */
  colorScheme?: 'light' | 'dark';
  /**
   * To run axe (e2e/support/a11y-audit.ts): it is injected as an inline script, which the
   * server's Content-Security-Policy refuses, so the page ignores that policy.
   */
  axe?: boolean;
}

/**
 * A new browser context signed in as `user` (token and userInfo put in localStorage once per
 * tab, as a login would), with a page opened at `path`. Service workers are blocked so every
 * request reaches the server.
 */
export async function openAs(
  browser: Browser,
  server: RunningServer,
  user: TestUser,
  path: string,
  options: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page; liveEventsOpened: () => Promise<void> }> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: options.phone
      ? PHONE_VIEWPORT
      : options.desktop
        ? DESKTOP_VIEWPORT
        : SINGLE_COLUMN_VIEWPORT,
    isMobile: options.phone ?? false,
    hasTouch: options.phone ?? false,
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    bypassCSP: options.axe ?? false,
  });
  await context.addInitScript(
    ({ token, info, theme, language }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('authToken', token);
      localStorage.setItem('userInfo', info);
      if (theme) localStorage.setItem('theme', theme);
      if (language) localStorage.setItem('locale', language);
    },
    {
      token: user.token,
      info: JSON.stringify({ id: user.id, name: user.name, email: user.email }),
      theme: options.theme ?? null,
      language: options.language ?? null,
    },
  );
  const page = await context.newPage();
  let streams = 0;
  page.on('response', (response) => {
    // Under a path prefix (BASE_PATH) too: /evenly/api/events.
    if (new URL(response.url()).pathname.endsWith('/api/events') && response.status() === 200) {
      streams += 1;
    }
  });
  await page.goto(server.baseUrl + path);
  /** Resolves once the page's live-event stream (GET /api/events) has been answered. */
  const liveEventsOpened = async () => {
    const deadline = Date.now() + 30_000;
    while (streams === 0) {
      if (Date.now() > deadline) throw new Error('The page never opened GET /api/events.');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { context, page, liveEventsOpened };
}

/** Waits until the toast (or any text) is visible. */
export async function seeText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** Resolves once `text` is no longer anywhere on the page. */
export async function textGone(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'detached' });
}

/** The open modal dialog whose title is `title`. */
export function dialog(page: Page, title: string | RegExp) {
  return page.getByRole('dialog', { name: title });
}
