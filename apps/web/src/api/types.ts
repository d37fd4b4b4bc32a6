// Response and request shapes of the HTTP API (api-contract §3–4).
export interface User {
  id: number;
  name: string;
  email: string;
}

export interface LoginResponse extends User {
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
  members: User[];
  simplifyDebts: boolean;
  defaultCurrency: string;
}

export interface MyGroup extends Group {
  myBalance: { net: number; currency: string; lines: BalanceLine[] };
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
}

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

export interface OverallBalance {
  totalOwedToUser: number;
  totalOwedByUser: number;
  currency: string;
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
}

export interface ReceiptScan {
  storeName: string | null;
  date: string | null;
  totalAmount: number | null;
  currency?: string | null;
  items: { name: string; price: number }[];
}

export interface ExpenseRequest {
  description: string;
  amount: number;
  currency: string;
  date: string;
  groupId: number | null;
  splitType: SplitType;
  payers: { userId: number; amountPaid: number }[];
  splits: { userId: number; value: string | number | null }[];
  notes: string | null;
  /** PUT only: delete the stored receipt. */
  removeReceipt?: boolean;
}

export interface PaymentRequest {
  paidToUserId: number;
  amount: number;
  date: string;
  currency: string;
  groupId: number | null;
}

export interface SettleRequest {
  otherUserId: number;
  direction: 'I_PAID' | 'THEY_PAID';
  amount: number;
  date: string;
  currency: string;
}
