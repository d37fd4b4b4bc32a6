// A fixed, contract-shaped API answered inside the browser (page.route), so screens can be
// rendered and photographed without the server. Shapes follow docs/api.md §3–4.
import type { BrowserContext, Page, Route } from 'playwright-core';
import { ADMIN_ROUTES } from './mockAdminApi';

const ann = { id: 1, name: 'Ann Lee', email: 'ann@example.com' };
const bea = { id: 5, name: 'Bea Costa', email: 'bea@example.com' };
const carlos = { id: 9, name: 'Carlos Diaz', email: 'carlos@example.com' };
const dana = { id: 12, name: 'Dana Kim', email: 'dana@example.com' };
const eli = { id: 14, name: 'Eli Novak', email: 'eli@example.com' };
export const MOCK_USER = ann;
const T = '2026-11-20T18:04:05.123Z';

const lisbon = {
  id: 7,
  name: 'Lisbon trip',
  createdAt: T,
  lastActivityAt: T,
  creator: ann,
  members: [ann, bea, carlos, dana],
  simplifyDebts: true,
  defaultCurrency: 'USD',
};
const flat = { ...lisbon, id: 8, name: 'Flat 3B', members: [ann, eli], simplifyDebts: false };
const climbing = {
  ...lisbon,
  id: 11,
  name: 'Climbing club',
  members: [ann, bea, eli],
  currencyMode: 'SEPARATE',
};

const line = (otherUser: typeof bea, netAmount: number) => ({
  otherUser,
  netAmount,
  currency: 'USD',
});

const groupsMy = [
  {
    ...lisbon,
    myBalance: {
      net: 95.5,
      currency: 'USD',
      lines: [line(bea, 60), line(carlos, 45.5), line(dana, -10)],
    },
  },
  { ...flat, myBalance: { net: -42.25, currency: 'USD', lines: [line(eli, -42.25)] } },
  { ...climbing, myBalance: { net: 0, currency: 'USD', lines: [] } },
];

const split = (
  splitId: number,
  owedBy: typeof bea,
  amountOwed: number,
  value: number | null = null,
) => ({
  splitId,
  owedBy,
  amountOwed,
  value,
});

const dinner = {
  type: 'expense',
  id: 42,
  description: 'Dinner at Time Out Market',
  category: 'dining_out',
  amount: 120,
  currency: 'USD',
  date: '2026-11-18',
  createdAt: T,
  updatedAt: T,
  groupId: 7,
  splitType: 'EQUAL',
  payers: [{ user: ann, amountPaid: 120 }],
  splits: [split(1, ann, 30), split(2, bea, 30), split(3, carlos, 30), split(4, dana, 30)],
  notes: 'Shared starters and wine',
  receiptUrl: 'https://example.com/receipt.jpg',
  commentCount: 2,
  createdBy: ann,
};
const tram = {
  ...dinner,
  id: 43,
  description: 'Tram 28 tickets',
  category: 'public_transport',
  amount: 24,
  date: '2026-11-17',
  splitType: 'SHARE',
  payers: [{ user: dana, amountPaid: 24 }],
  splits: [split(5, ann, 16, 2), split(6, dana, 8, 1)],
  notes: null,
  receiptUrl: null,
};
const apartment = {
  ...dinner,
  id: 40,
  description: 'Apartment',
  category: 'hotel',
  amount: 480,
  date: '2026-10-30',
  splitType: 'PERCENTAGE',
  payers: [
    { user: ann, amountPaid: 240 },
    { user: bea, amountPaid: 240 },
  ],
  splits: [
    split(7, ann, 120, 25),
    split(8, bea, 120, 25),
    split(9, carlos, 120, 25),
    split(10, dana, 120, 25),
  ],
  notes: null,
  receiptUrl: null,
};
// Paid in yen, kept in dollars: the row says what reaches Ann's balance ("you borrowed $33.50")
// with the yen beside it (issue #31 point 7).
const sushi = {
  ...dinner,
  id: 44,
  description: 'Sushi in Tokyo',
  amount: 10000,
  currency: 'JPY',
  date: '2026-11-16',
  payers: [{ user: bea, amountPaid: 10000 }],
  splits: [split(11, ann, 5000), split(12, bea, 5000)],
  notes: null,
  receiptUrl: null,
  commentCount: 0,
  conversion: {
    currency: 'USD',
    amount: 67,
    exchangeRate: 0.0067,
    exchangeRateText: '0.0067',
    rateSource: 'SERVICE',
    rateDate: '2026-11-16',
    payers: [{ userId: bea.id, amountPaid: 67 }],
    splits: [
      { userId: ann.id, amountOwed: 33.5 },
      { userId: bea.id, amountOwed: 33.5 },
    ],
  },
};
const payment = {
  type: 'payment',
  id: 31,
  amount: 25,
  currency: 'USD',
  date: '2026-11-19',
  createdAt: T,
  updatedAt: T,
  groupId: 7,
  paidBy: carlos,
  paidTo: ann,
  summary: 'Carlos Diaz paid Ann Lee',
  createdBy: carlos,
};

// Flat 3B's monthly rent, a recurring series (issue #11) with two occurrences so far.
const rentSeriesInfo = {
  id: 5,
  frequency: 'MONTHLY',
  timeZone: 'Europe/Lisbon',
  startDate: '2026-10-31',
  endDate: null,
  endCount: 12,
  nextDate: '2026-12-31',
  ended: false,
};
const rent = {
  ...dinner,
  id: 50,
  groupId: 8,
  description: 'Flat rent',
  category: 'rent',
  amount: 1200,
  date: '2026-11-30',
  payers: [{ user: ann, amountPaid: 1200 }],
  splits: [split(11, ann, 600), split(12, eli, 600)],
  notes: null,
  receiptUrl: null,
  commentCount: 0,
  series: rentSeriesInfo,
  occurrenceDate: '2026-11-30',
};
const rentOctober = {
  ...rent,
  id: 49,
  date: '2026-10-31',
  splits: [split(13, ann, 600), split(14, eli, 600)],
  occurrenceDate: '2026-10-31',
};
const rentSeries = {
  ...rentSeriesInfo,
  groupId: 8,
  createdBy: ann,
  template: {
    description: 'Flat rent',
    amount: 1200,
    currency: 'USD',
    splitType: 'EQUAL',
    payers: [{ userId: ann.id, amountPaid: 1200 }],
    splits: [
      { userId: ann.id, value: null },
      { userId: eli.id, value: null },
    ],
    notes: null,
  },
};

const friendship = (
  id: number,
  otherUser: typeof bea,
  netBalance: number,
  nonGroupBalance = 0,
) => ({
  id,
  status: 'ACCEPTED',
  direction: null,
  otherUser,
  netBalance,
  nonGroupBalance,
  currency: 'USD',
  byCurrency: [],
  createdAt: T,
});

const friends = [
  friendship(21, bea, 60, 0),
  friendship(22, carlos, 45.5, 0),
  friendship(23, dana, -10, -2.5),
  friendship(24, eli, -42.25),
];

// Other people's actions, as the bell lists them (two unread).
const notifications = [
  {
    id: 904,
    type: 'comment_added',
    createdAt: '2026-11-20T20:10:00.000Z',
    actor: bea,
    groupId: 7,
    group: { id: 7, name: 'Lisbon trip' },
    expenseId: 42,
    paymentId: null,
    commentId: 3,
    description: 'Thanks for booking!',
    amount: null,
    currency: null,
    myShare: 0,
    read: false,
  },
  {
    id: 905,
    type: 'friend_request',
    createdAt: '2026-11-20T19:45:00.000Z',
    actor: { id: 20, name: 'Farah Ali', email: 'farah@example.com' },
    groupId: null,
    group: null,
    expenseId: null,
    paymentId: null,
    commentId: null,
    description: 'Farah Ali sent you a friend request',
    amount: null,
    currency: null,
    myShare: 0,
    read: false,
  },
  {
    id: 902,
    type: 'expense_added',
    createdAt: '2026-11-19T10:00:00.000Z',
    actor: dana,
    groupId: 7,
    group: { id: 7, name: 'Lisbon trip' },
    expenseId: 43,
    paymentId: null,
    commentId: null,
    description: 'Tram 28 tickets',
    amount: 24,
    currency: 'USD',
    myShare: -16,
    category: 'public_transport',
    read: true,
  },
];

const activity = [
  {
    id: 903,
    type: 'expense_added',
    createdAt: '2026-11-20T19:30:00.000Z',
    actor: ann,
    groupId: 7,
    group: { id: 7, name: 'Lisbon trip' },
    expenseId: 42,
    paymentId: null,
    commentId: null,
    description: 'Dinner at Time Out Market',
    amount: 120,
    currency: 'USD',
    myShare: 90,
    category: 'dining_out',
  },
  {
    id: 902,
    type: 'expense_added',
    createdAt: '2026-11-19T10:00:00.000Z',
    actor: dana,
    groupId: 7,
    group: { id: 7, name: 'Lisbon trip' },
    expenseId: 43,
    paymentId: null,
    commentId: null,
    description: 'Tram 28 tickets',
    amount: 24,
    currency: 'USD',
    myShare: -16,
    category: 'public_transport',
  },
  {
    id: 901,
    type: 'group_created',
    createdAt: '2026-10-28T09:00:00.000Z',
    actor: ann,
    groupId: 7,
    group: { id: 7, name: 'Lisbon trip' },
    expenseId: null,
    paymentId: null,
    commentId: null,
    description: 'Lisbon trip',
    amount: null,
    currency: null,
    myShare: 0,
  },
];

// A group with a person without an account (guest), its cover and invite link (issue #12).
const nora = {
  id: 31,
  name: 'Nora Guest',
  email: 'nora@example.com',
  guest: true,
  avatarUrl: null,
};
const porto = {
  ...lisbon,
  id: 15,
  name: 'Porto weekend',
  coverEmoji: '🏖️',
  coverColor: 'teal',
  members: [
    { ...ann, guest: false, avatarUrl: null },
    { ...bea, guest: false, avatarUrl: null },
    nora,
    { id: 32, name: 'Otto Guest', email: null, guest: true, avatarUrl: null },
  ],
};
const portoInvite = {
  token: 'mock-invite-token',
  url: 'http://localhost/join/mock-invite-token',
  createdAt: T,
  expiresAt: '2026-12-20T18:04:05.123Z',
  createdBy: ann,
};

/** The invite link routes, also answered for signed-out pages (the public preview). */
export const INVITE_ROUTES: Record<string, unknown> = {
  'GET /api/invites/mock-invite-token/public': {
    groupName: 'Porto weekend',
    invitedByName: 'Ann Lee',
  },
  'GET /api/invites/mock-invite-token': {
    group: {
      id: 15,
      name: 'Porto weekend',
      coverEmoji: '🏖️',
      coverColor: 'teal',
      members: porto.members,
    },
    guests: [nora, porto.members[3]],
    // Nora was added with the signed-in person's address: the page proposes her, labelled.
    proposedGuestId: nora.id,
    invitedBy: bea,
    expiresAt: null,
    alreadyMember: false,
  },
};

const routes: Record<string, unknown> = {
  'GET /api/auth/me': {
    ...ann,
    createdAt: T,
    emailVerified: true,
    homeCurrency: 'EUR',
    locale: null,
    timeZone: 'Europe/Lisbon',
    avatarUrl: null,
    pendingEmail: 'ann.lee@example.org',
    isAdmin: true,
    canClaimAdmin: false,
  },
  ...ADMIN_ROUTES,
  'GET /api/config': {
    registration: 'open',
    supportUrl: 'mailto:support@example.com',
    oidc: null,
    passwordSignIn: true,
  },
  'GET /api/friend-link': {
    token: 'annFriendLinkToken123',
    url: 'https://evenly.example/add-friend/annFriendLinkToken123',
  },
  'GET /api/friend-link/beaFriendLinkToken456': {
    user: { ...bea, avatarUrl: null },
    self: false,
    alreadyFriends: false,
  },
  ...INVITE_ROUTES,
  'GET /api/groups/15': porto,
  'GET /api/groups/15/transactions': [],
  'GET /api/groups/15/series': [],
  'GET /api/balances/group/15': [],
  'GET /api/groups/15/settle-suggestions': [],
  'GET /api/groups/15/invite-link': { inviteLink: portoInvite },
  'GET /api/guests/claimable': [
    {
      guest: { id: 40, name: 'Annie', email: 'ann@example.com' },
      group: { id: 16, name: 'Ski week', coverEmoji: '🏔️', coverColor: 'indigo' },
      addedBy: carlos,
      balance: { net: -35.5, currency: 'EUR' },
    },
  ],
  'GET /api/fx/rate': {
    from: 'EUR',
    to: 'USD',
    date: '2026-11-20',
    rate: 1.08,
    rateText: '1.08',
    rateDate: '2026-11-20',
  },
  'GET /api/groups/11': climbing,
  'GET /api/groups/11/transactions': [],
  // A group keeping currencies apart: Bea owes Ann dollars, Ann owes Bea yen.
  'GET /api/balances/group/11': [
    line(bea, 60),
    { otherUser: bea, netAmount: -2000, currency: 'JPY' },
  ],
  'GET /api/groups/11/settle-suggestions': [
    { from: bea, to: ann, amount: 60, currency: 'USD' },
    { from: ann, to: bea, amount: 2000, currency: 'JPY' },
  ],
  'GET /api/groups/my': groupsMy,
  'GET /api/groups/7/series': [],
  'GET /api/groups/11/series': [],
  'GET /api/groups/8': flat,
  'GET /api/groups/8/transactions': [rent, rentOctober],
  'GET /api/groups/8/series': [rentSeries],
  'GET /api/balances/group/8': [line(eli, -42.25)],
  'GET /api/expenses/50/comments': [],
  'GET /api/groups/7': lisbon,
  'GET /api/groups/7/transactions': [dinner, payment, tram, sushi, apartment],
  'GET /api/balances/group/7': [line(bea, 60), line(carlos, 45.5), line(dana, -10)],
  'GET /api/groups/7/settle-suggestions': [
    { from: bea, to: ann, amount: 60, currency: 'USD' },
    { from: carlos, to: ann, amount: 45.5, currency: 'USD' },
    { from: ann, to: dana, amount: 10, currency: 'USD' },
  ],
  'GET /api/balances/overall': {
    totalOwedToUser: 105.5,
    totalOwedByUser: 55.75,
    currency: 'USD',
    byCurrency: [],
  },
  'GET /api/friendships/friends': friends,
  // The friends, and Hana, met only in the Lisbon trip: "Others in your groups" (issue #31).
  'GET /api/balances/people': [
    ...friends.map((f) => ({
      otherUser: f.otherUser,
      netBalance: f.netBalance,
      nonGroupBalance: f.nonGroupBalance,
      currency: f.currency,
      byCurrency: [],
      groups: [],
      isFriend: true,
    })),
    {
      otherUser: { id: 33, name: 'Hana Sato', email: 'hana@example.com' },
      netBalance: -3.5,
      nonGroupBalance: 0,
      currency: 'USD',
      byCurrency: [],
      groups: [{ group: { id: 7, name: 'Lisbon trip' }, netAmount: -3.5, currency: 'USD' }],
      isFriend: false,
    },
  ],
  'GET /api/friendships/requests/incoming': [
    {
      ...friendship(30, { id: 20, name: 'Farah Ali', email: 'farah@example.com' }, 0),
      status: 'PENDING',
      direction: 'INCOMING',
    },
  ],
  'GET /api/friendships/requests/outgoing': [
    {
      ...friendship(31, { id: 0, name: 'Gus Moreau', email: 'gus@example.com' }, 0),
      status: 'PENDING',
      direction: 'OUTGOING',
    },
  ],
  'GET /api/activity': activity,
  'GET /api/categories/history': {
    entries: [
      { description: 'tram tickets', category: 'public_transport', weight: 3 },
      { description: 'pasteis de nata', category: 'dining_out', weight: 2 },
    ],
  },
  'GET /api/expenses/42/comments': [
    { id: 3, content: 'Thanks for booking!', createdAt: T, author: bea, expenseId: 42 },
    {
      id: 4,
      content: 'The custard tarts were worth it.',
      createdAt: T,
      author: ann,
      expenseId: 42,
    },
  ],
  'GET /api/expenses/my': [dinner, tram, apartment],
  // Expense search: everything, and within the Lisbon trip (the query string is not looked at).
  'GET /api/search': [dinner, tram, apartment],
  'GET /api/groups/7/search': [dinner, tram],
  'GET /api/notification-settings': [
    { kind: 'GROUP_ADDED', email: 'IMMEDIATE', push: true },
    { kind: 'EXPENSE', email: 'DIGEST', push: true },
    { kind: 'PAYMENT', email: 'DIGEST', push: true },
    { kind: 'COMMENT', email: 'OFF', push: false },
    { kind: 'FRIEND_REQUEST', email: 'IMMEDIATE', push: true },
    { kind: 'REMINDER', email: 'IMMEDIATE', push: true },
    { kind: 'BUDGET', email: 'IMMEDIATE', push: true },
  ],
  'GET /api/groups/7/reports': {
    groupId: 7,
    from: null,
    to: null,
    currencies: [
      {
        currency: 'USD',
        total: 871.5,
        byCategory: [
          { category: 'rent', label: 'Rent', amount: 520, count: 1 },
          { category: 'dining_out', label: 'Dining out', amount: 240.5, count: 4 },
          { category: 'public_transport', label: 'Public transport', amount: 111, count: 6 },
        ],
        byMonth: [
          { month: '2026-09', amount: 120 },
          { month: '2026-10', amount: 311.5 },
          { month: '2026-11', amount: 440 },
        ],
        members: [
          { user: { id: 1, name: 'Ann Lee' }, paid: 560, share: 217.88 },
          { user: { id: 5, name: 'Bea Costa' }, paid: 240.5, share: 217.88 },
          { user: { id: 9, name: 'Carlos Diaz' }, paid: 71, share: 217.87 },
          { user: { id: 12, name: 'Dana Kim' }, paid: 0, share: 217.87 },
        ],
      },
      {
        currency: 'EUR',
        total: 36,
        byCategory: [{ category: 'drinks', label: 'Drinks', amount: 36, count: 2 }],
        byMonth: [{ month: '2026-11', amount: 36 }],
        members: [
          { user: { id: 1, name: 'Ann Lee' }, paid: 36, share: 9 },
          { user: { id: 5, name: 'Bea Costa' }, paid: 0, share: 27 },
        ],
      },
    ],
  },
  'GET /api/reports/me': {
    from: '2025-12-01',
    to: null,
    currencies: [
      {
        currency: 'USD',
        total: 412.3,
        byCategory: [
          { category: 'groceries', label: 'Groceries', amount: 250.3, count: 9 },
          { category: 'dining_out', label: 'Dining out', amount: 162, count: 3 },
        ],
        byMonth: [
          { month: '2026-10', amount: 180 },
          { month: '2026-11', amount: 232.3 },
        ],
      },
    ],
  },
  'GET /api/budgets': {
    month: '2026-11',
    budgets: [
      {
        category: 'dining_out',
        label: 'Dining out',
        amount: 150,
        currency: 'USD',
        spent: 162,
        percent: 108,
        status: 'OVER',
      },
      {
        category: 'groceries',
        label: 'Groceries',
        amount: 300,
        currency: 'USD',
        spent: 250.3,
        percent: 83,
        status: 'NEAR',
      },
    ],
  },
  // How to pay me (issue #33): Ann's own, and Eli's, whom Ann owes (settle-up's pay buttons).
  'GET /api/auth/me/pay-methods': {
    bank: { iban: 'PT50000201231234567890154', bic: null, holder: 'Ann Lee' },
    paypal: 'annlee',
    venmo: null,
    revolut: null,
    monzo: null,
    upi: null,
    swish: null,
  },
  'GET /api/users/14/pay-methods': {
    bank: null,
    paypal: 'elinovak',
    venmo: 'eli-novak',
    revolut: 'elinovak',
    monzo: null,
    upi: null,
    swish: null,
  },
  // Account → API tokens (issue #34 point 4): one used, one never used and expiring.
  'GET /api/auth/tokens': [
    {
      id: 1,
      name: 'Monthly export script',
      scope: 'READ',
      hint: 'evy_3q2-',
      createdAt: T,
      expiresAt: null,
      lastUsedAt: T,
    },
    {
      id: 2,
      name: 'Home automation',
      scope: 'READ_WRITE',
      hint: 'evy_Zk0x',
      createdAt: T,
      expiresAt: '2099-02-27T10:15:00.000Z',
      lastUsedAt: null,
    },
  ],
  'POST /api/auth/tokens': {
    id: 3,
    name: 'Backup',
    scope: 'READ',
    hint: 'evy_7wFh',
    createdAt: T,
    expiresAt: null,
    lastUsedAt: null,
    token: 'evy_7wFhZk0x9N1u4aQb6YcR8tLm5pVsJdE2gHiKoWn3q2-',
  },
  'GET /api/notifications': notifications,
  'GET /api/notifications/unread-count': { count: notifications.filter((n) => !n.read).length },
  // Deleting the Lisbon payment (the Undo toast is audited).
  'DELETE /api/payments/31': null,
  // Import a group: the preview of a file (issues #14, #33).
  'POST /api/imports/preview': {
    format: 'splitwise',
    expenseCount: 41,
    paymentCount: 3,
    firstDate: '2025-01-04',
    lastDate: '2025-06-30',
    currencies: ['EUR', 'USD'],
    columns: [
      {
        name: 'Ann Lee',
        totals: [
          { currency: 'EUR', total: 120.5 },
          { currency: 'USD', total: -10 },
        ],
        proposed: { kind: 'me' },
      },
      {
        name: 'Bea',
        totals: [
          { currency: 'EUR', total: -80.25 },
          { currency: 'USD', total: 10 },
        ],
        proposed: { kind: 'friend', userId: bea.id },
      },
      {
        name: 'Cy',
        totals: [
          { currency: 'EUR', total: -40.25 },
          { currency: 'USD', total: 0 },
        ],
        proposed: { kind: 'guest', name: 'Cy' },
      },
    ],
    friends: [bea, carlos],
    alreadyImported: null,
  },
};

async function handle(route: Route) {
  const request = route.request();
  const url = new URL(request.url());
  const key = `${request.method()} ${url.pathname}`;
  if (key in routes) {
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(routes[key]),
    });
    return;
  }
  if (url.pathname.startsWith('/api/invites/')) {
    await route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 404,
        error: 'Not Found',
        code: 'INVITE_INVALID',
        message: 'This invite link is invalid or has been revoked.',
      }),
    });
    return;
  }
  // Live events are not simulated: the client retries later.
  await route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({
      status: 503,
      error: 'Service Unavailable',
      code: 'BUSY',
      message: 'Not mocked.',
    }),
  });
}

/**
 * A session token shaped like the API's (a JWT naming the user id as `sub`, unsigned here: the
 * mocked API never checks it). The web app reads whose session it is to send only that
 * account's queued offline writes (apps/web/src/offline/session.ts).
 */
const MOCK_TOKEN = [
  { alg: 'HS256', typ: 'JWT' },
  { sub: String(MOCK_USER.id), ver: 0, iat: 1_795_000_000, exp: 4_102_444_800 },
]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .concat('mock-signature')
  .join('.');

/** Signs the page in as Ann and answers every /api/ call from the fixtures above. */
export async function useMockApi(
  target: Page | BrowserContext,
  theme: 'light' | 'dark' | 'system' = 'light',
) {
  await target.addInitScript(
    ({ user, theme: t, token }) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('userInfo', JSON.stringify(user));
      // System is the key's absence (apps/web/src/lib/theme.ts).
      if (t === 'system') localStorage.removeItem('theme');
      else localStorage.setItem('theme', t);
    },
    { user: MOCK_USER, theme, token: MOCK_TOKEN },
  );
  await target.route('**/api/**', handle);
}

/** For signed-out pages: only the invite link routes are answered (the rest stay 404). */
export async function useMockInviteApi(target: Page | BrowserContext) {
  await target.route('**/api/invites/**', async (route) => {
    const url = new URL(route.request().url());
    const key = `${route.request().method()} ${url.pathname}`;
    const known = key in INVITE_ROUTES;
    await route.fulfill({
      status: known ? 200 : 404,
      contentType: 'application/json',
      body: JSON.stringify(
        known
          ? INVITE_ROUTES[key]
          : {
              status: 404,
              error: 'Not Found',
              code: 'INVITE_INVALID',
              message: 'This invite link is invalid or has been revoked.',
            },
      ),
    });
  });
}
