// What the landing page says about Evenly (issue #13 point 7): the product as it is, its
// screenshots and how to run your own. Kept apart from the page so the wording is in one place.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { BASE_PATH } from './basePath';

export interface Feature {
  title: MessageDescriptor;
  text: MessageDescriptor;
}

export const FEATURES: Feature[] = [
  {
    title: msg`Groups and friends`,
    text: msg`A group for a trip, a flat or a team, or just you and a friend: every expense and balance in one place, updated live, with the fewest payments to settle up.`,
  },
  {
    title: msg`Four ways to split`,
    text: msg`Equally, by exact amounts, by percentages or by shares — or item by item from the receipt. Every cent is accounted for.`,
  },
  {
    title: msg`Several payers`,
    text: msg`Two of you paid for dinner? Say who paid what; the balances follow.`,
  },
  {
    title: msg`Any currency`,
    text: msg`Spend in yen, settle in euros: converted at the day’s rate, your own rate or what the bank charged — or kept apart.`,
  },
  {
    title: msg`Receipt scanning`,
    text: msg`Photograph a receipt or drop in a PDF: the shop, date, total and items fill in the expense.`,
  },
  {
    title: msg`Recurring expenses`,
    text: msg`Rent, subscriptions, the weekly shop: enter it once and it repeats on its own, daily to yearly.`,
  },
  {
    title: msg`Guests and invite links`,
    text: msg`Add people who have no account yet and let them claim their place later; invite anyone with a link or a QR code.`,
  },
  {
    title: msg`Notifications`,
    text: msg`E-mail and push notifications when someone adds an expense, comments or reminds you — each kind on or off.`,
  },
  {
    title: msg`Installs like an app`,
    text: msg`Add it to the home screen of an Android phone or an iPhone, or use it in any browser on a computer.`,
  },
];

/** The README's two commands, with its comments. */
export const SELF_HOST_COMMANDS = [
  {
    comment: msg`# 1. Install, build and start the app on the embedded database (web app + API on one port):`,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a command, quoted from the README
    command: 'npm install && npm start            # → http://localhost:3000  (API under /api)',
  },
  {
    comment: msg`# 2. Run the whole test suite:`,
    command: 'npm test',
  },
];

/** The README as this server serves it (copied into the build), for the self-hosting steps. */
export const README_URL = `${BASE_PATH}/README.md`;
