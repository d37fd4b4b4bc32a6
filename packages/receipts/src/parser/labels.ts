/**
 * Label classification for the total extraction: what a line's words say its amount is (total,
 * subtotal, tax, tendered cash, change…), in several languages, with label words OCR misspelt
 * read as the word meant.
 */
import { fixOcrWords } from './text.js';

export type LabelKind =
  | 'strong'
  | 'total'
  | 'subtotal'
  | 'rounding'
  | 'tax'
  | 'cash'
  | 'card'
  | 'change'
  | 'ignore'
  | 'none';

const CHANGE =
  /CHANGE|\bKEMBALI|BAKI\b|R[ÜU]CKGELD|WECHSELGELD|\bRENDU|MONNAIE RENDUE|\bCAMBIO\b|\bVUELTO\b|\bRESTO\b/;
const ROUNDING = /ROUND|PENGGENAPAN|RUNDUNG|ARRONDI|REDONDEO|ARROTONDAMENTO/;
const SUBTOTAL =
  /SUB\s?-?\s?TOTAL|SUB\s?-?\s?TTL|ZWISCHENSUMME|SOUS[\s-]?TOTAL|SUBTOTALE|\bGROSS\b|\bNET SALES\b|TOTAL BEFORE|MERCHANDISE TOTAL/;
const IGNORE =
  /TOTAL\s*(?:OF\s*)?(?:QTY|QUANTITY|ITEM|NO\b|NUMBER|DISC|SAVING|POINT|LOADING|UNITS?\b|PCS|ARTICLES|WEIGHT|COUNT)|ITEM\s?COUNT|QTY\s?COUNT|\bNO\.? OF ITEM|\bSAVINGS?\b|YOU SAVED|\bPOINTS?\b|BALANCE\s(?:BEFORE|AFTER)|PREV(?:IOUS)?\.? BALANCE|OPENING|CLOSING|\bDEPOSIT\b|\bTIP\b|GRATUITY|SERVICE CHARGE|SERV\.?\s?CHG|\bDISCOUNT|\bDISC\b|RABATT|REMISE|DESCUENTO|\bQTY\b|\bCODE\b/;
export const EXCL =
  /EXCL|EXCLUDING|EXCLUSIVE|BEFORE TAX|PRE-?TAX|\bNETTO\b|\bHT\b|SIN IVA|OHNE MWST/;
// A tax's rate may be printed glued to its name ("GST6%", "SST6%", "VAT20%").
const TAX =
  /\bTAX(?:ES)?\b|\b(?:GST|VAT|SST)(?:\b|(?=\d{1,2}(?:[.,]\d+)?\s?%))|\bMWST\b|\bUST\b|\bTVA\b|\bIVA\b|\bHST\b|\bPST\b|\bPPN\b|\bTA AMT\b/;
const INCL = /INCL|INCLUSIVE|INCLUDING|INCLUDE|\bINC\b|WITH\s?GST|WITH\s?TAX|\bTTC\b|\bBRUTTO\b/;
const CASH =
  /CASH|TENDER|RECEIVED|\bPAID\b|\bBAR\b|BARGELD|GEGEBEN|ESP[ÈE]CES|EFECTIVO|CONTANTI|TUNAI|\bPAYMENT\b|PAYMENT MODE/;
const CARD =
  /\bVISA\b|MASTER\s?CARD|\bMASTER\b|\bAMEX\b|\bCARD\b|\bDEBIT\b|\bCREDIT\b|\bEFTPOS\b|\bEC\b|\bGIROCARD\b|\bCB\b|\bTNG\b|E-?WALLET|\bBOOST\b|GRABPAY|\bDINERS\b|\bMAESTRO\b/;
const STRONG =
  /GRAND\s?TOTAL|NET+\s?TOTAL|NET+\s?AMT|NET+\s?AMOUNT|TOTAL\s?AMOUNT\s?PAYABLE|AMOUNT\s?PAYABLE|AMT\s?PAYABLE|TOTAL\s?PAYABLE|TOTAL\s?DUE|AMOUNT\s?DUE|BALANCE\s?DUE|TOTAL\s?AFTER|ROUNDED\s?TOTAL|ROUND\w*\s?D?\s?TOTAL|TOTAL\s?AMT\s?ROUNDED|TOTAL\s?ROUNDED|TOTAL\s?TO\s?PAY|TO\s?PAY\b|TOTAL\s?TTC|ZU\s?ZAHLEN|GESAMTBETRAG|\bGESAMT\b|\bSUMME\b|\bA\s?PAGAR\b|TOTAL\s?A\s?PAGAR|\bTOTALE\b|\bTOTAAL\b|IMPORTE\s?TOTAL|MONTANT\s?TOTAL|\bPAYABLE\b|\bTOTAL\s?SALES?\b|TOTAL\s?INC|TOTAL\s?\(INC|TOTAL\s?WITH/;
export const TOTAL =
  /TOTAL|\bTTL\b|\bTOT\b|\bAMOUNT\b|\bAMT\b|\bSUM\b|\bBETRAG\b|\bMONTANT\b|\bIMPORTE\b|\bJUMLAH\b|\bBALANCE\b/;

/** Label words OCR often misspells ("TOTL", "CHONGE", "PAYABTE", "INDUSIVE"). */
const LABEL_WORDS = [
  'TOTAL',
  'SUBTOTAL',
  'GRAND',
  'AMOUNT',
  'PAYABLE',
  'CHANGE',
  'ROUNDING',
  'ROUNDED',
  'ADJUSTMENT',
  'TENDER',
  'TENDERED',
  'RECEIVED',
  'PAYMENT',
  'BALANCE',
  'DISCOUNT',
  'QUANTITY',
  'INCLUSIVE',
  'INCLUDING',
  'EXCLUSIVE',
  'EXCLUDING',
  'JUMLAH',
  'KEMBALI',
];
/** Real words one edit away from a label word. */
const NOT_LABEL_WORDS = new Set(['CHARGE', 'CHARGES', 'CHANGI', 'BRAND', 'GRANT', 'TOTALS']);

/** A line's text with misspelt label words corrected. */
export function labelText(upper: string): string {
  return fixOcrWords(upper, LABEL_WORDS, NOT_LABEL_WORDS);
}

const labelCache = new Map<string, LabelKind>();

/** Classifies the label text of a line, reading label words OCR misspelt as the word meant. */
export function classifyLabel(upper: string): LabelKind {
  let kind = labelCache.get(upper);
  if (kind === undefined) {
    kind = classifyExact(labelText(upper));
    if (labelCache.size > 10_000) labelCache.clear();
    labelCache.set(upper, kind);
  }
  return kind;
}

function classifyExact(upper: string): LabelKind {
  // Two labels on one line, the first with its own small number ("QTY: 1 TOTAL RM", "PAX 2
  // TOTAL", "TABLE 5 NET TOTAL"): the label next to the amount says what the amount is.
  const afterCount = /^\W*[A-Z][A-Z.\s]{0,20}?[:.]?\s*\d{1,4}\s+(?=[A-Z])/.exec(upper);
  if (afterCount) {
    const rest = classifyExact(upper.slice(afterCount[0].length));
    if (rest !== 'none') return rest;
  }
  if (CHANGE.test(upper)) return 'change';
  if (ROUNDING.test(upper) && !/AFTER\s?ROUND|ROUNDED|ROUND\w*\s?D?\s?TOTAL/.test(upper))
    return 'rounding';
  if (SUBTOTAL.test(upper)) return 'subtotal';
  if (IGNORE.test(upper)) return 'ignore';
  if (EXCL.test(upper)) return 'ignore';
  if (TAX.test(upper) && !INCL.test(upper)) return 'tax';
  if (/TTL\s?CASH|TOTAL\s?PAYMENT/.test(upper)) return 'card';
  if (CARD.test(upper)) return 'card';
  if (CASH.test(upper)) return 'cash';
  if (STRONG.test(upper)) return 'strong';
  if (TOTAL.test(upper)) return 'total';
  return 'none';
}
