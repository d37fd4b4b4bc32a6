import { useLingui } from '@lingui/react/macro';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { expensesApi } from '../../api/expenses';
import type { User } from '../../api/types';
import type { ExpenseFormState } from '../../lib/expenseForm';
import { type ItemRow, rowsFromScan } from '../../lib/itemSplit';
import { normaliseDate } from '../../lib/dates';
import { amountForInput, parseAmount, plain2, toCents } from '../../lib/money';
import * as offline from '../../offline/writes';

export interface ScanMessage {
  kind: 'error' | 'info';
  text: string;
}

/**
 * The expense form's receipt: the file to attach (or the saved one to remove) and its scan,
 * which fills the form from what the receipt says and hands its items to Split by item.
 */
export function useReceiptScan({
  meId,
  participants,
  currency,
  setState,
  setItemRows,
}: {
  meId: number;
  participants: readonly User[];
  /** The form's currency now: the items' when the receipt names none. */
  currency: string;
  setState: Dispatch<SetStateAction<ExpenseFormState>>;
  setItemRows: (rows: ItemRow[]) => void;
}) {
  const { i18n, t } = useLingui();
  // The shop a scanned receipt names: it suggests the category along with the description.
  const [merchant, setMerchant] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [removeReceipt, setRemoveReceipt] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanMessage, setScanMessage] = useState<ScanMessage | null>(null);
  // The date the last scan put in the form (YYYY-MM-DD), to flag one far from today.
  const [scannedDate, setScannedDate] = useState<string | null>(null);
  // The subtotal the receipt prints (before tax and service): what its items should add up to.
  const [subtotal, setSubtotal] = useState<number | null>(null);

  const scan = async (file: File) => {
    setReceipt(file);
    setScanning(true);
    setScanMessage(null);
    try {
      const result = await expensesApi.scanReceipt(file);
      setMerchant(result.storeName ?? result.merchantName ?? null);
      setScannedDate(result.date ? normaliseDate(result.date) : null);
      setState((s) => {
        // The receipt's currency, when it names one, becomes the expense's.
        const cur = result.currency ?? s.currency;
        const amount =
          result.totalAmount !== null ? amountForInput(result.totalAmount, cur) : s.amount;
        const before = parseAmount(s.amount, s.currency);
        if (
          result.totalAmount !== null &&
          before !== null &&
          toCents(before, cur) !== toCents(result.totalAmount, cur)
        ) {
          setScanMessage({
            kind: 'info',
            text: t`Receipt scanned. Please verify payer and split details.`,
          });
        }
        const items = result.items
          .map(
            (item) =>
              `${(item.quantity ?? 1) > 1 ? `${String(item.quantity)} × ` : ''}${item.name}: ${plain2(item.price, cur)}`,
          )
          .join('\n');
        return {
          ...s,
          currency: cur,
          // The shop's name as people write it ("Banh Mi Cafe"), not the legal entity.
          description: result.merchantName ?? result.storeName ?? s.description,
          date: result.date ? normaliseDate(result.date) : s.date,
          amount,
          notes: items || s.notes,
          payers: [{ userId: meId, amount }],
          splitType: 'EQUAL',
          included: participants.map((p) => p.id),
          values: {},
        };
      });
      setItemRows(rowsFromScan(result.items, result.currency ?? currency));
      setSubtotal(result.subtotalAmount);
    } catch (e) {
      // A file the server refuses (type, size) cannot be attached either; an unreadable one can.
      if (e instanceof ApiError && (e.status === 413 || e.status === 415)) setReceipt(null);
      // Offline the receipt stays attached: it is sent with the expense (offline/writes.ts).
      if (e instanceof ApiError && e.status === 0) {
        setScanMessage({ kind: 'info', text: i18n._(offline.RECEIPT_OFFLINE_MESSAGE) });
        return;
      }
      const reason = errorMessage(e, t`An unknown error occurred during receipt scanning.`);
      setScanMessage({
        kind: 'error',
        text: t`Scan Error: ${reason}`,
      });
    } finally {
      setScanning(false);
    }
  };

  return {
    merchant,
    receipt,
    removeReceipt,
    removeSaved: () => setRemoveReceipt(true),
    scanning,
    scanMessage,
    scannedDate,
    scan,
    subtotal,
  };
}
