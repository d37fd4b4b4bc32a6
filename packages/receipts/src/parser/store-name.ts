/**
 * Store name extraction. Receipts print the merchant at the top; the registered company line
 * (with a legal suffix such as SDN BHD, INC, LLC, GMBH, LTD) is preferred when present near the
 * top, else the first line that reads like a name rather than an address, phone, tax number,
 * greeting or document title.
 */
import type { ReceiptLine } from './text.js';
import { digitCount, editDistance, letterCount } from './text.js';

export interface StoreNameResult {
  storeName: string | null;
  confidence: number;
}

/** Legal-entity markers, matched on upper-case text (OCR may drop the spaces). */
const LEGAL =
  /S[DOE]N\.?\s?[B3][HN]D\.?|\bSDN\b\.?|\bS\/B\b|\bSB\b|\bBHD\b\.?|\bBERHAD\b|\bINC\b\.?|\bINCORPORATED\b|\bLLC\b|\bL\.L\.C\.|\bLTD\b\.?|\bLIMITED\b|\bGMBH\b|\bCORP\b\.?|\bCORPORATION\b|\bPTE\b\.?|\bPLC\b|\bPTY\b|\bS\.A\.S\b|\bS\.?R\.?L\b|\bS\.P\.A\b|\bB\.V\.|\bAG\b(?=$)|\bTBK\b|ENTERPRISES?\b|TRADING\b|&\s?CO\.?$/;

const SKIP =
  /WELCOME|GOODS\s?SOLD|RETURNABLE|REFUND|THANK|\bTQ\b|TAX\s?INVOICE|SIMPLIFIED|\bINVOICE\b|\bRECEIPT\b|\bCASH\s?BILL\b|\bBILL\b|DUPLICATE|\bCOPY\b|CUSTOMER|OFFICIAL|\bORDER\b|\bTABLE\b|\bCASHIER\b|\bSTATION\b|\bTERMINAL\b|\bPOS\b|\bREG\b|\bREGISTRATION|COMPANY\s?(?:NO|REG)|\bCO\.?\s?(?:REG|NO)\b|\bROC\b|\bBRN\b|\bGST\b|\bVAT\b|\bTAX\b|\bABN\b|\bTIN\b|\bNPWP\b|\bSST\b|\bTEL\b|\bPHONE|TELEPHONE|\bFAX\b|\bHP\b|E-?MAIL|@|WWW\.|HTTP|\.COM\b|OPERATED BY|\bOUTLET\b|\bBRANCH\b|OPEN\s(?:DAILY|\d)|\bHOURS\b|\bSTORE\s?#|\bDATE\b|\bTIME\b|MEMBER|\bDOC\b|\bNO\s?[.:#]/;
const ADDRESS =
  /\bJALAN\b|\bJLN\b|\bLORONG\b|\bTAMAN\b|\bTMN\b|\bLOT\b|\bJL\.|\bSTREET\b|\bST\.|\bAVENUE\b|\bAVE\b|\bROAD\b|\bRD\b\.?|\bBLVD\b|\bHWY\b|\bHIGHWAY\b|\bSUITE\b|\bSTE\b|\bFLOOR\b|\bLEVEL\b|\bBLOCK\b|\bBLK\b|\bSTRASSE\b|STRAßE|\bSTR\.|\bPLATZ\b|\bWEG\b|\bRUE\b|\bAVENIDA\b|\bCALLE\b|\bVIA\b|\bPO BOX\b|\bSEKSYEN\b|\bSECTION\b|\bBANDAR\b|\bKAMPUNG\b|\bKG\.|\bPERSIARAN\b|\bLEBUH\b|\bSELANGOR\b|\bKUALA\b|\bJOHOR\b|\bD\.?E\.?$|\bMALAYSIA\b|\d{5}/;

/**
 * Malaysian legal forms the engine glues to the word before when it drops a space
 * ("STATIONERYSDNBHD", "RETAILSB(306295-X)"): any of them, at a word's end after at least three
 * letters, is split off. Stated for every legal form, not for the shops it was seen on.
 */
const GLUED_SUFFIX = /(?<=[A-Za-z]{3})(?:(SDN)\.?\s?(BHD)|S\/B|SB|BHD|BERHAD)(?![A-Za-z])/gi;

/** The text with glued legal forms split off (see GLUED_SUFFIX). */
export function splitGluedSuffix(text: string): string {
  return text.replace(GLUED_SUFFIX, (m: string, sdn?: string, bhd?: string) =>
    sdn && bhd ? ` ${sdn} ${bhd}` : ` ${m}`,
  );
}

/**
 * "SDN BHD" as OCR misreads it at the end of a name ("SIN BHI", "5dn Bh", "SEN 3HD", "SON BHD"):
 * two short words, the first starting like S, the second like B, at most two edits from it.
 */
const MISREAD_SDN_BHD =
  /(?<![\p{L}\p{N}])([S5][\p{L}\p{N}]{1,2})\.?\s?([B83][\p{L}\p{N}]{0,2})\.?(?=\s*(?:\(|$))/u;

/** The text with a misread "SDN BHD" at its end read as such. */
export function repairSdnBhd(text: string): string {
  const m = MISREAD_SDN_BHD.exec(text);
  if (!m) return text;
  const read = `${m[1] ?? ''}${m[2] ?? ''}`.toUpperCase();
  if (read === 'SDNBHD' || editDistance(read, 'SDNBHD', 2) > 2) return text;
  return `${text.slice(0, m.index)}SDN BHD${text.slice(m.index + m[0].length)}`;
}

/** Whether a line names a legal form, also one OCR glued to the word before or misread. */
const isRegistered = (upper: string): boolean => LEGAL.test(repairSdnBhd(splitGluedSuffix(upper)));

/**
 * Digits the recogniser reads for look-alike letters inside a word (0 for O, 1 for I, 5 for S:
 * "F00DICI0US"): only between two letters, so numbers, "7-ELEVEN" or "A1" stay as printed.
 */
export function lettersForLookalikeDigits(text: string): string {
  return text.replace(/(?<=\p{L})[015]+(?=\p{L})/gu, (d) =>
    d.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S'),
  );
}

/** Removes registration numbers, "owned by" prefixes and text after the legal suffix. */
function cleanName(text: string): string {
  let s = repairSdnBhd(splitGluedSuffix(lettersForLookalikeDigits(text)))
    .replace(
      /^(?:OWN(?:ED)?\s?BY|DIMILIKI(?:\s?OLEH)?|OPERATED\s?BY|A\s?DIVISION\s?OF)\s*:?\s*/i,
      '',
    )
    .replace(/\(\s*(?:NO\.?\s*)?[A-Z]{0,3}\d[\d\s-]*-?\s?[A-Z]?\s*\)/gi, ' ')
    .replace(/\b(?:CO\.?\s?(?:REG\.?)?\s?NO|COMPANY\s?NO)\b.*$/i, '')
    .replace(/\s\d{4,}[\d-]*-?[A-Z]?\b/g, ' ');
  const m = LEGAL.exec(s.toUpperCase());
  if (m && !/ENTERPRISE|TRADING|\bCO\b/.test(m[0])) {
    let end = m.index + m[0].length;
    // "PTE LTD", "SDN. BHD.", "CO., LTD": keep the whole run of legal words.
    const more = /^[\s.,]*(?:LTD|LIMITED|BHD|BERHAD|INC|CO|KG|LLC)\b\.?/i.exec(s.slice(end));
    if (more) end += more[0].length;
    s = s.slice(0, end);
  }
  return s
    .replace(/[*=#~_|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.:;-]+|[\s,:;-]+$/g, '')
    .trim();
}

function isNameLike(line: ReceiptLine): boolean {
  const u = line.upper;
  if (line.amounts.length > 0) return false;
  // All lower case: handwriting or a stamp (printed headers carry capitals; OCR keeps case).
  if (!/\p{Lu}/u.test(line.text)) return false;
  const letters = letterCount(u);
  if (letters < 3) return false;
  if (digitCount(u) > letters / 2) return false;
  if (SKIP.test(u) || ADDRESS.test(u)) return false;
  if (/^\W*(?:\d+|[A-Z])\W*$/.test(u)) return false;
  return true;
}

/** A company registration number on a line of its own: "(872981-V)", "CO.REG : 933109-X". */
const REG_NUMBER_LINE =
  /^\W*(?:(?:CO(?:MPANY)?\.?\s?(?:REG(?:ISTRATION)?\.?)?\s?(?:NO)?\.?|ROC|REG\.?\s?NO\.?)\s*[:#.]?\s*)?[A-Z]{0,3}\s?\d{5,}\s?-?\s?[A-Z]\W*$/;

/** Index of the first address, phone or tax-number line: the shop name is printed above it. */
function headerEnd(lines: ReceiptLine[]): number {
  // An address has words: a bare number at the top ("3-1708032", a till or slip number) is not one.
  const i = lines.findIndex(
    (l) =>
      (ADDRESS.test(l.upper) && letterCount(l.upper) >= 3) ||
      /\bTEL\b|\bPHONE|\bFAX\b|\bGST\b|\bSST\b/.test(l.upper),
  );
  return i < 0 ? lines.length : i;
}

/** A line naming a legal form (not a bare "CO. REG. NO." line). */
function isCompanyLine(line: ReceiptLine): boolean {
  const u = line.upper;
  if (line.amounts.length > 0 || !isRegistered(u) || REG_NUMBER_LINE.test(u)) return false;
  return !(
    /\bCO\.?\s?(?:REG|NO)|COMPANY\s?NO|REG\.?\s?NO/.test(u) && !/SDN|BHD|INC|LTD|LLC|GMBH/.test(u)
  );
}

const isRegNumberLine = (line: ReceiptLine | undefined): boolean =>
  line !== undefined && REG_NUMBER_LINE.test(line.upper);

/** Extracts the merchant name. */
export function extractStoreName(lines: ReceiptLine[]): StoreNameResult {
  const top = lines.slice(0, 12);
  const end = headerEnd(top);
  // 1. The registered company: a line naming a legal form, or a name line printed right above a
  // company registration number above the address (Malaysian receipts print one or both; below
  // the address, the line above the number is the address's last: "SELANGOR"); the first one
  // above the address, else the first one further down.
  const registered = top
    .map((l, i) => ({ l, i }))
    .filter(
      ({ l, i }) => isCompanyLine(l) || (i < end && isNameLike(l) && isRegNumberLine(top[i + 1])),
    )
    .map(({ i }) => i);
  const order = [...registered.filter((i) => i < end), ...registered.filter((i) => i >= end)];
  for (const i of order) {
    const line = top[i] as ReceiptLine;
    const u = line.upper;
    let name = cleanName(line.text);
    const core = name
      .toUpperCase()
      .replace(LEGAL, '')
      .replace(/[^A-Z0-9& ]/g, ' ')
      .trim();
    const prev = top[i - 1];
    // A name split over two lines: "LIAN CHI PU TIAN VEGETARIAN" / "RESTAURANT SDN BHD", or
    // "THE COFFEE BEAN" / "& TEA LEAF SDN BHD" (a line cannot start with "&").
    if (
      prev &&
      isNameLike(prev) &&
      !isRegistered(prev.upper) &&
      ((core.split(/\s+/).filter(Boolean).length <= 1 && core.length <= 12) ||
        /&\s*$/.test(prev.upper) ||
        /^\s*&/.test(u))
    ) {
      name = `${cleanName(prev.text)} ${name}`;
    }
    // The name continued on the next line by words in brackets (a branch or place:
    // "(JALAN KLANG LAMA)"), as it is when printed on one line ("BOOK TA .K(TAMAN DAYA) SDN BHD").
    const next = top[i + 1];
    if (next && /^\([A-Z\s.&'-]+\)$/i.test(next.text) && letterCount(next.text) >= 4) {
      name = `${name} ${next.text}`;
    }
    // A legal form is surer than a line only placed above a registration number.
    if (letterCount(name) >= 2)
      return { storeName: name, confidence: isCompanyLine(line) ? 0.85 : 0.75 };
  }
  // 2. The first name-like line.
  for (let i = 0; i < Math.min(lines.length, 8); i++) {
    const line = lines[i] as ReceiptLine;
    if (!isNameLike(line)) continue;
    let name = cleanName(line.text);
    const next = lines[i + 1];
    if (/&\s*$/.test(line.upper) && next && isNameLike(next))
      name = `${name} ${cleanName(next.text)}`;
    if (letterCount(name) >= 3) return { storeName: name, confidence: i <= 2 ? 0.7 : 0.5 };
  }
  return { storeName: null, confidence: 0 };
}
