// A real OpenID Connect provider for the tests: oidc-provider (the certified implementation),
// in this process, on a free loopback port, with one client (the Evenly server under test), the
// test accounts (e-mail verified or not, changeable per test) and a tiny sign-in page instead of
// the library's development screens: pick an account and Continue, or Cancel. Consent is given
// in advance, as a provider configured for a first-party app does.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

export const OIDC_CLIENT_ID = 'evenly-test';
export const OIDC_CLIENT_SECRET = 'evenly-test-secret-0123456789abcdef';

export interface ProviderAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestProvider {
  issuer: string;
  /** Accounts by subject; tests add and change them. */
  accounts: Map<string, ProviderAccount>;
  /** The env the Evenly server needs to use this provider. */
  env: Record<string, string>;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(uid: string, accounts: Map<string, ProviderAccount>): string {
  const options = [...accounts.keys()]
    .map((sub) => `<option value="${escapeHtml(sub)}">${escapeHtml(sub)}</option>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title></head>
<body><main><h1>Test provider sign-in</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="account">Account</label> <select id="account" name="account">${options}</select>
<button type="submit" name="action" value="login">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form></main></body></html>`;
}

/** Starts the provider; `redirectUri` is the Evenly server's callback URL. */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['evenly-test-provider-cookie-key'] },
    // Set, so the provider does not print a notice about each default.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (account === undefined) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    // Consent is given in advance (a first-party client): no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (client === undefined || session?.accountId === undefined) return undefined;
      const known = session.grantIdFor(client.clientId);
      if (known !== undefined) {
        const grant = await ctx.oidc.provider.Grant.find(known);
        if (grant !== undefined) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    if (req.method === 'GET') {
      await provider.interactionDetails(req, res);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(uid, accounts));
      return;
    }
    const form = await formBody(req);
    const result =
      form.get('action') === 'cancel'
        ? { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }
        : { login: { accountId: form.get('account') ?? '' } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (match?.[1] === undefined) {
      void callback(req, res);
      return;
    }
    interaction(req, res, match[1]).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  return {
    issuer,
    accounts,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      OIDC_NAME: 'Test ID',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser for the provider's side of the round trip, without a browser: follows redirects
 * with its own cookies, submits the sign-in page, and stops at the first redirect to `stopAt`
 * (the Evenly callback), which it returns.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  stopAt: string,
  action: { account: string } | 'cancel',
): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(stopAt)) return url;
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader() },
      ...(body === undefined ? {} : { body }),
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location !== null) {
      url = new URL(location, url).href;
      continue;
    }
    if (response.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      await response.text();
      body =
        action === 'cancel'
          ? new URLSearchParams({ action: 'cancel' })
          : new URLSearchParams({ action: 'login', account: action.account });
      continue;
    }
    throw new Error(`provider answered ${response.status} at ${url}: ${await response.text()}`);
  }
  throw new Error('too many redirects at the provider');
}
