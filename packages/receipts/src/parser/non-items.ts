/**
 * Lines that are never items (issue #31 point 2): totals, tax, service charges, tips, rounding
 * and how it was paid. Taken as an item, such a line makes the split by item hand the whole
 * charge to whoever is ticked for it, and it hides the tax from the proportional spread.
 */
import { classifyLabel } from './labels.js';

/** Discount lines are items (negative), even when they name a total or a percentage. */
export const DISCOUNT =
  /DISC|DISCOUNT|\bLESS\b|COUPON|PROMO|VOUCHER|RABATT|REMISE|DESCUENTO|SCONTO|\bOFF\b|SAVING/;

/**
 * Service charges, cover charges and tips in the languages the parser reads, beyond what the
 * label classifier knows: "Serv. Charge (3%)", "Svc Chg", "Bedienung", "Service compris",
 * "Trinkgeld", "Pourboire", "Propina", "Mancia", "Coperto". A bare "TIP" only as the whole
 * label, so that "TIP TOP BREAD"-like names are not taken for it by this rule.
 */
const CHARGE =
  /\bSERV(?:ICE)?\.?\s*(?:CHA?R?GE?S?|CHG|CRG|FEE|TAX)\b|\bSVC\b|\bSERVICE\s*(?:COMPRIS|INCL|\d{1,2}\s*%)|\bSERVI(?:CIO|ZIO)\b|\bBEDIENUNG|\bTRINKGELD|\bPOURBOIRE|\bPROPINA|\bMANCIA\b|\bCOPERTO\b|\bGRATUITY|\bCOVER\s?CHARGE|^\W*TIPS?\W*$/;

/**
 * Summary lines the label classifier does not know (issue #35 point 4, found on the engine's OCR
 * of receipts-train): an item count ("1 ITEM (INCLUSIVE OF GST)", "3 ITEMS") and any amount said
 * to include tax ("…SALES (INCL. GST 6%)" with "TOTAL" misread as "1OIAL"). An item's own line
 * names what was bought, not the tax in it.
 */
const SUMMARY =
  /^\W*\d{1,4}\s?ITEMS?\b|\bINCL(?:USIVE|UDING|\.)?\s*(?:OF\s*)?(?:GST|SST|TAX|VAT|MWST|TVA|IVA)\b/;

/**
 * Whether a line's label (upper-case, without its amounts) is a charge, a total or a payment
 * rather than something someone had.
 */
export function isChargeOrPaymentLine(upper: string): boolean {
  if (DISCOUNT.test(upper)) return false;
  return CHARGE.test(upper) || SUMMARY.test(upper) || classifyLabel(upper) !== 'none';
}
