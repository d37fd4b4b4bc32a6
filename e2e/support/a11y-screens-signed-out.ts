// The accessibility audit's phone screens before sign-in: the landing page, sign-in (with single
// sign-on too), registration, the password and e-mail pages, the public 404.
import type { Page } from 'playwright-core';
import type { Screen } from './a11y-screen';
import { text } from './a11y-screen';

/** The server as configured with a Keycloak sign-in (`passwordSignIn` false: OIDC_ONLY). */
function singleSignOn(passwordSignIn: boolean, path: string, ready: (page: Page) => Promise<void>) {
  return async (page: Page) => {
    // Later routes come first: this answer replaces the mocked one.
    await page.route('**/api/config', (route) =>
      route.fulfill({
        json: {
          registration: 'open',
          supportUrl: null,
          oidc: { name: 'Keycloak' },
          passwordSignIn,
        },
      }),
    );
    await page.goto(new URL(path, page.url()).href);
    await ready(page);
  };
}

export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'landing', path: '/', signedIn: false, ready: text('Get Started') },
  {
    name: 'landing, install guide open',
    path: '/',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Install app' }).click();
      await page.getByRole('link', { name: /Android guide/ }).waitFor();
    },
  },
  { name: 'login', path: '/login', signedIn: false, ready: text('Welcome back') },
  {
    name: 'login with error',
    path: '/login',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Please enter your email and password.').first().waitFor();
    },
  },
  {
    name: 'login with single sign-on, its error',
    path: '/login',
    signedIn: false,
    ready: singleSignOn(true, '/login?oidc_error=OIDC_EMAIL_UNVERIFIED', async (page) => {
      await page.getByRole('link', { name: 'Sign in with Keycloak' }).waitFor();
      await page.getByText('An account with your email address already exists').waitFor();
    }),
  },
  {
    name: 'login with single sign-on only',
    path: '/login',
    signedIn: false,
    ready: singleSignOn(false, '/login', async (page) => {
      await page.getByRole('link', { name: 'Sign in with Keycloak' }).waitFor();
    }),
  },
  {
    name: 'single sign-on hand-off failed',
    path: '/signin/oidc',
    signedIn: false,
    ready: text('Sign-in did not finish'),
  },
  { name: 'register', path: '/register', signedIn: false, ready: text('Create your account') },
  {
    name: 'register with errors',
    path: '/register',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByText('Please enter your name.').waitFor();
    },
  },
  {
    name: 'forgot password',
    path: '/forgot-password',
    signedIn: false,
    ready: text('Back to sign in'),
  },
  {
    name: 'reset password',
    path: '/reset-password?token=abc',
    signedIn: false,
    ready: text('Back to sign in'),
  },
  {
    name: 'verify e-mail (error, resend form)',
    path: '/verify-email?token=abc',
    signedIn: false,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Resend verification e-mail' }).waitFor();
    },
  },
  { name: 'public 404', path: '/no/such/page', signedIn: false, ready: text('Page not found') },
];
