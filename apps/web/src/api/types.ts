// Response and request shapes of the HTTP API (api-contract §3–4).
export interface User {
  id: number;
  name: string;
  /** Null for a guest added without an address and for a deleted user ("Deleted user"). */
  email: string | null;
  /** Signed picture link where the API gives one (friends, group members); null = initials. */
  avatarUrl?: string | null;
}

/** A group member: an account, or a guest (a person without an account) of this group. */
export interface Member extends User {
  guest?: boolean;
}

/** GET /auth/me: the signed-in user with their settings. */
export interface Me extends User {
  createdAt?: string;
  /** An account always has its sign-in address. */
  email: string;
  emailVerified: boolean;
  /** Balance summaries add an approximate total in it; null = none. */
  homeCurrency: string | null;
  avatarUrl: string | null;
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
}

/** GET /config: the server's sign-up policy and where Feedback, Rate and Contact us point. */
export interface ServerConfig {
  registration: 'open' | 'invite' | 'closed';
  supportUrl: string | null;
}

/** GET /friend-link: the signed-in user's personal "add me as a friend" link. */
export interface FriendLink {
  token: string;
  url: string;
}

/** GET /friend-link/{token}: whose link it is. */
export interface FriendLinkPreview {
  user: User & { avatarUrl: string | null };
  self: boolean;
  alreadyFriends: boolean;
}

/** A figure converted into the user's home currency at the latest cached rates. */
export interface Approximate {
  currency: string;
  /** Currencies left out for want of a cached rate. */
  missingCurrencies: string[];
}

export interface LoginResponse extends User {
  email: string;
  token: string;
  type?: string;
  expiresAt?: string;
}

export type FriendshipStatus = 'PENDING' | 'ACCEPTED';

export interface Friendship {
  id: number;
  status: FriendshipStatus;
  direction: 'INCOMING' | 'OUTGOING' | null;
  otherUser: User | null;
  netBalance: number;
  nonGroupBalance: number;
  currency: string;
  /** Every currency the pair has a balance in (the primary one included). */
  byCurrency?: { currency: string; netBalance: number; nonGroupBalance: number }[];
  createdAt: string;
}

export interface BalanceLine {
  otherUser: User;
  netAmount: number;
  currency: string;
}

export interface Group {
  id: number;
  name: string;
  createdAt: string;
  lastActivityAt?: string;
  creator: User;
  members: Member[];
  simplifyDebts: boolean;
  /** One emoji shown on the group's card and header, or null. */
  coverEmoji?: string | null;
  /** A GROUP_COVER_COLORS name, or null. */
  coverColor?: string | null;
  defaultCurrency: string;
  /** CONVERT: other currencies are converted into defaultCurrency; SEPARATE: kept apart. */
  currencyMode?: 'CONVERT' | 'SEPARATE';
}

export type RateSource = 'SERVICE' | 'MANUAL' | 'CHARGED';

/** How an entry in another currency was converted into its group's currency. */
export interface Conversion {
  currency: string;
  amount: number;
  exchangeRate: number;
  exchangeRateText: string;
  rateSource: RateSource;
  rateDate: string | null;
}

export interface ExchangeRateQuote {
  from: string;
  to: string;
  date: string;
  rate: number;
  rateText: string;
  rateDate: string;
}

export interface MyGroup extends Group {
  myBalance: {
    net: number;
    currency: string;
    lines: BalanceLine[];
    approximate?: Approximate & { net: number };
  };
}

export type SplitType = 'EQUAL' | 'EXACT' | 'PERCENTAGE' | 'SHARE';
export const SPLIT_TYPES: readonly SplitType[] = ['EQUAL', 'EXACT', 'PERCENTAGE', 'SHARE'];

export interface ExpensePayer {
  user: User;
  amountPaid: number;
}

export interface ExpenseSplit {
  splitId: number;
  owedBy: User;
  amountOwed: number;
  value?: number | null;
}

export interface Expense {
  type?: 'expense';
  id: number;
  description: string;
  /** A category id of @evenly/core (the API always sends one; General by default). */
  category?: string;
  amount: number;
  currency: string;
  date: string;
  createdAt: string;
  updatedAt?: string;
  groupId: number | null;
  splitType: SplitType;
  payers: ExpensePayer[];
  splits: ExpenseSplit[];
  notes: string | null;
  receiptUrl: string | null;
  commentCount?: number;
  conversion?: Conversion | null;
  /** The series this expense is an occurrence of (recurring expenses), else null. */
  series?: ExpenseSeriesInfo | null;
  /** The occurrence's scheduled date (YYYY-MM-DD) when it belongs to a series. */
  occurrenceDate?: string | null;
}

export type Frequency = 'DAILY' | 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY' | 'YEARLY';

/** `recurrence` of POST /expenses (and of PUT /expenses/{id}?scope=future). */
export interface Recurrence {
  frequency: Frequency;
  /** IANA name; occurrences are due at 00:00 of their date there. */
  timeZone: string;
  endDate?: string | null;
  /** Occurrences in all, the first included (1–1000). */
  endCount?: number | null;
}

/** A series as embedded in each of its occurrences. */
export interface ExpenseSeriesInfo {
  id: number;
  frequency: Frequency;
  timeZone: string;
  startDate: string;
  endDate: string | null;
  endCount: number | null;
  /** The next occurrence still to be created; null once the series has run out or ended. */
  nextDate: string | null;
  ended: boolean;
}

/** GET /series/{id}, GET /groups/{id}/series. */
export interface Series extends ExpenseSeriesInfo {
  groupId: number | null;
  createdBy: User;
  template: {
    description: string;
    amount: number;
    currency: string;
    splitType: SplitType;
    payers: { userId: number; amountPaid: number }[];
    splits: { userId: number; value: number | null }[];
    notes: string | null;
    category?: string;
  };
}

export type EditScope = 'this' | 'future';

export interface Payment {
  type?: 'payment';
  id: number;
  amount: number;
  currency: string;
  date: string;
  createdAt: string;
  groupId: number | null;
  paidBy: User;
  paidTo: User;
  summary?: string;
  conversion?: Conversion | null;
  /** The two payments of a currency exchange share this id (they cannot be edited). */
  exchangeId?: number | null;
}

export type Transaction = Expense | Payment;

export function isExpense(t: Transaction): t is Expense {
  return 'description' in t;
}

export interface Comment {
  id: number;
  content: string;
  createdAt: string;
  author: Pick<User, 'id' | 'name'> & Partial<User>;
  expenseId?: number;
}

export interface CurrencyTotals {
  totalOwedToUser: number;
  totalOwedByUser: number;
  currency: string;
}

export interface OverallBalance extends CurrencyTotals {
  byCurrency?: CurrencyTotals[];
  approximate?: Approximate & { totalOwedToUser: number; totalOwedByUser: number };
}

/** GET /balances/friends: one entry per friend with a balance. */
export interface FriendBalance {
  otherUser: User;
  netBalance: number;
  currency: string;
  approximate?: Approximate & { netBalance: number };
}

export interface SettleSuggestion {
  from: User;
  to: User;
  amount: number;
  currency: string;
}

export interface ActivityItem {
  id: number;
  type: string;
  createdAt: string;
  actor: User | null;
  groupId: number | null;
  group: { id: number; name: string } | null;
  expenseId: number | null;
  paymentId: number | null;
  description: string;
  amount: number | null;
  currency: string | null;
  myShare: number;
  /** expense_* events: the expense's category then; null otherwise. */
  category?: string | null;
}

/** An activity row of someone else's action, as a notification (GET /api/notifications). */
export interface NotificationItem extends ActivityItem {
  commentId: number | null;
  read: boolean;
}

export interface ReceiptItem {
  name: string;
  /** How many (1 when not printed). */
  quantity?: number;
  /** The line total in the receipt's currency (negative for a discount). */
  price: number;
  confidence?: number;
}

export interface ReceiptScan {
  /** As printed, often the registered company name. */
  storeName: string | null;
  /** The shop's name for a description ("Banh Mi Cafe"). */
  merchantName?: string | null;
  date: string | null;
  totalAmount: number | null;
  currency?: string | null;
  items: ReceiptItem[];
}

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

/** GET/POST /groups/{id}/invite-link. */
export interface InviteLink {
  token: string;
  url: string;
  createdAt: string;
  expiresAt: string | null;
  createdBy: User;
}

export interface GroupCover {
  id: number;
  name: string;
  coverEmoji: string | null;
  coverColor: string | null;
}

/** GET /invites/{token}: the group an invite link leads to, for a signed-in visitor. */
export interface InvitePreview {
  group: GroupCover & { members: Member[] };
  guests: Member[];
  invitedBy: User;
  expiresAt: string | null;
  alreadyMember: boolean;
}

/** GET /invites/{token}/public: for a signed-out visitor. */
export interface InvitePublic {
  groupName: string;
  invitedByName: string;
}

/** GET /guests/claimable: guests added with the caller's address. */
export interface ClaimableGuest {
  guest: User;
  group: GroupCover;
  addedBy: User | null;
  balance: { net: number; currency: string };
}
