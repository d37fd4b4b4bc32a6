// Response and request shapes of the HTTP API (docs/api.md §3–4), named for the web app.
// Responses are not written here: they are the server's OpenAPI document turned into types
// (./generated/openapi.ts, `npm run api:types`; a test fails when it is stale), so a field the
// web app reads and the server does not send is a type error. Request bodies the document leaves
// open (those the core's validators read) are described below.
import type { components, paths } from './generated/openapi';

type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body of the `status` answer to `method path`, as the OpenAPI document declares it. */
export type ResponseBody<
  P extends keyof paths,
  M extends Method,
  S extends number = 200,
> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer T } } } }
  ? T
  : never;

export type User = Schemas['User'];

/** A personal API token as listed (never its secret). */
export type ApiToken = Schemas['ApiToken'];
/** The answer to making one: the secret in `token`, this once. */
export type CreatedApiToken = Schemas['CreatedApiToken'];
export type ApiTokenRequest = Schemas['ApiTokenRequest'];

/** A group member: an account, or a guest (a person without an account) of this group. */
export type Member = Schemas['GroupMember'];

/** How a person can be paid outside Evenly (GET /auth/me/pay-methods, /users/{id}/pay-methods). */
export type PayMethods = Schemas['PayMethods'];

/** GET /auth/me: the signed-in user with their settings. */
export type Me = Schemas['Me'];

/** GET /config: the server's sign-up policy and where Feedback, Rate and Contact us point. */
export type ServerConfig = Schemas['ServerConfig'];

/** GET /friend-link: the signed-in user's personal "add me as a friend" link. */
export type FriendLink = Schemas['FriendLink'];

/** GET /friend-link/{token}: whose link it is. */
export type FriendLinkPreview = Schemas['FriendLinkPreview'];

/** A figure converted into the user's home currency at the latest cached rates. */
export type Approximate = Pick<
  NonNullable<Schemas['OverallBalance']['approximate']>,
  'currency' | 'missingCurrencies'
>;

export type LoginResponse = ResponseBody<'/api/auth/login', 'post'>;
export type OidcSessionResponse = ResponseBody<'/api/auth/oidc/session', 'post'>;

export type Friendship = Schemas['Friendship'];
export type FriendshipStatus = Friendship['status'];

export type BalanceLine = Schemas['BalanceLine'];

export type Group = Schemas['Group'];
/** GET /groups/{id}: the group and whether everyone in it is settled. */
export type GroupDetail = Schemas['GroupDetail'];

/** How an entry in another currency was converted into its group's currency. */
export type Conversion = Schemas['Conversion'];
export type RateSource = Conversion['rateSource'];

/** GET /fx/rate. */
export type ExchangeRateQuote = Schemas['ExchangeRate'];

/** GET /groups/my: a group with the caller's balance in it. */
export type MyGroup = ResponseBody<'/api/groups/my', 'get'>[number];

export type Expense = Schemas['Expense'];
export type SplitType = Expense['splitType'];
export { SPLIT_TYPES } from '@evenly/core';
export type ExpensePayer = Expense['payers'][number];
export type ExpenseSplit = Expense['splits'][number];

/** `recurrence` of POST /expenses (and of PUT /expenses/{id}?scope=future). */
export type Recurrence = Schemas['Recurrence'];
export type Frequency = Recurrence['frequency'];

/** A series as embedded in each of its occurrences. */
export type ExpenseSeriesInfo = Schemas['SeriesSummary'];

/** GET /series/{id}, GET /groups/{id}/series. */
export type Series = Schemas['Series'];

/** PUT /expenses/{id}?scope=: `future` also edits the later occurrences of its series. */
export type EditScope = NonNullable<
  NonNullable<paths['/api/expenses/{id}']['put']['parameters']['query']>['scope']
>;

export type Payment = Schemas['Payment'];

/** GET /groups/{id}/transactions: expenses and payments, newest first. */
export type Transaction = ResponseBody<'/api/groups/{id}/transactions', 'get'>[number];

export function isExpense(t: Transaction): t is Expense {
  return 'description' in t;
}

export type Comment = Schemas['Comment'];

export type OverallBalance = Schemas['OverallBalance'];
export type CurrencyTotals = OverallBalance['byCurrency'][number];

/** GET /balances/friends: one entry per friend with a balance. */
export type FriendBalance = Schemas['FriendBalance'];

/** GET /balances/people: everyone with a non-zero balance, friends and group-mates alike. */
export type PersonBalance = Schemas['PersonBalance'];

export type SettleSuggestion = ResponseBody<'/api/groups/{id}/settle-suggestions', 'get'>[number];

export type ActivityItem = Schemas['Activity'];

/** An activity row of someone else's action, as a notification (GET /api/notifications). */
export type NotificationItem = Schemas['Notification'];
export type UnreadCount = Schemas['UnreadNotifications'];
/** POST /reminders. */
export type SentReminder = Schemas['Reminder'];
/** POST /notifications/unsubscribe. */
export type Unsubscribed = Schemas['Unsubscribed'];

/** POST /events/ticket: a short-lived ticket for the live-update stream. */
export type EventsTicket = ResponseBody<'/api/events/ticket', 'post', 201>;

/** GET /push/public-key. */
export type PushPublicKey = Schemas['PushPublicKey'];

/** POST /receipts/scan-and-parse. */
export type ReceiptScan = ResponseBody<'/api/receipts/scan-and-parse', 'post'>;
export type ReceiptItem = ReceiptScan['items'][number];

/** GET/POST /groups/{id}/invite-link. */
export type InviteLink = Schemas['InviteLink'];
/** GET /groups/{id}/invite-link: the group's link, or null when it has none. */
export type GroupInviteLink = ResponseBody<'/api/groups/{id}/invite-link', 'get'>;

export type ClaimableGuest = Schemas['ClaimableGuest'];
export type GroupCover = ClaimableGuest['group'];

/** GET /invites/{token}: the group an invite link leads to, for a signed-in visitor. */
export type InvitePreview = Schemas['InvitePreview'];

/** GET /invites/{token}/public: for a signed-out visitor. */
export type InvitePublic = ResponseBody<'/api/invites/{token}/public', 'get'>;

// Request bodies. POST/PUT /expenses send ExpenseRequest as the multipart field `expenseData`;
// the others are JSON. The server reads them with the core's validators (packages/core).

export interface ExpenseRequest {
  description: string;
  /** Money as a plain decimal string ("12.5") or number, in `currency`. */
  amount: number | string;
  currency: string;
  date: string;
  groupId: number | null;
  splitType: SplitType;
  payers: { userId: number; amountPaid: number | string }[];
  splits: { userId: number; value: string | number | null }[];
  notes: string | null;
  /** A category id; POST without one is General, PUT without one keeps it. */
  category?: string;
  /** PUT only: delete the stored receipt. */
  removeReceipt?: boolean;
  /** In another currency than a CONVERT group's: the rate typed (group units per unit)… */
  exchangeRate?: string;
  /** …or what the bank charged, in the group currency. Neither: the rate service's rate. */
  convertedAmount?: string;
  /** POST (and PUT with scope=future): the expense repeats. */
  recurrence?: Recurrence | null;
  /** Split by item: the receipt's items and who had each; PUT with [] removes them. */
  items?: ExpenseItemRequest[];
}

/** One item of an expense split by item (the split must be the EXACT one they give). */
export interface ExpenseItemRequest {
  description: string;
  /** The line total in the expense's currency, a plain decimal; negative for a discount. */
  amount: string;
  userIds: number[];
}

export interface PaymentRequest {
  paidToUserId: number;
  /** Default: the caller. */
  paidByUserId?: number;
  amount: number | string;
  date: string;
  currency: string;
  groupId: number | null;
  exchangeRate?: string;
  convertedAmount?: string;
}

/** POST /groups/{id}/exchanges: the caller's balance with a person moved between currencies. */
export interface ExchangeRequest {
  otherUserId: number;
  fromCurrency: string;
  toCurrency: string;
  /** Units of toCurrency per one unit of fromCurrency, as a plain decimal. */
  exchangeRate: string;
  /** Part of the balance, in fromCurrency; absent = all of it. */
  amount?: string;
  date?: string;
}

export interface SettleRequest {
  otherUserId: number;
  direction: 'I_PAID' | 'THEY_PAID';
  amount: number | string;
  date: string;
  currency: string;
}

/** GET /groups/{id}/reports: a group's spending per currency (charts). */
export type GroupReport = Schemas['GroupReport'];
/** GET /reports/me: my share of spending per currency (charts). */
export type MyReport = Schemas['MyReport'];
/** One category line of a report. */
export type ReportCategoryLine = GroupReport['currencies'][number]['byCategory'][number];
/** One month of a report. */
export type ReportMonthLine = GroupReport['currencies'][number]['byMonth'][number];
/** GET /budgets. */
export type BudgetList = Schemas['BudgetList'];
export type Budget = Schemas['Budget'];

/** The admin area (docs/api.md, admin area): a person as administrators see them. */
export type AdminPerson = Schemas['AdminPerson'];
export type AdminRegistration = Schemas['AdminRegistration'];
export type AdminInstance = Schemas['AdminInstance'];
export type AdminHealth = Schemas['AdminHealth'];
export type AdminTestMail = Schemas['AdminTestMail'];
export type AdminAuditEntry = Schemas['AdminAuditEntry'];
