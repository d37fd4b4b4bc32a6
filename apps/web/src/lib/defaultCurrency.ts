// The currency a new group or a settle-up with nothing to settle starts in (issue #31 point 5):
// the person's home currency, else the currency of the region their browser's locale names
// (en-GB → GBP, pt-PT → EUR), else the last one they used, else USD. Intl has no region →
// currency lookup, hence the table below.
import { DEFAULT_CURRENCY } from './constants';

/**
 * ISO 3166-1 region → the ISO 4217 currency in everyday use there, as of 2026 (Bulgaria on the
 * euro, Curaçao and Sint Maarten on the Caribbean guilder). Regions sharing a currency are
 * listed together to keep the table readable.
 */
const CURRENCY_REGIONS: Readonly<Record<string, string>> = {
  EUR: 'AD AT AX BE BG BL CY DE EE ES FI FR GF GP GR HR IE IT LT LU LV MC ME MF MQ MT NL PM PT RE SI SK SM TF VA XK YT',
  USD: 'AS BQ EC FM GU IO MH MP PR PW SV TC TL UM US VG VI',
  XOF: 'BF BJ CI GW ML NE SN TG',
  XAF: 'CF CG CM GA GQ TD',
  XCD: 'AG AI DM GD KN LC MS VC',
  AUD: 'AU CC CX HM KI NF NR TV',
  NZD: 'CK NU NZ PN TK',
  GBP: 'GB GG GS IM JE',
  DKK: 'DK FO GL',
  XPF: 'NC PF WF',
  CHF: 'CH LI',
  NOK: 'BV NO SJ',
  MAD: 'EH MA',
  ILS: 'IL PS',
  XCG: 'CW SX',
};

/** Regions with a currency of their own. */
const SINGLE_REGIONS =
  'AE:AED AF:AFN AL:ALL AM:AMD AO:AOA AR:ARS AW:AWG AZ:AZN BA:BAM BB:BBD BD:BDT BH:BHD BI:BIF ' +
  'BM:BMD BN:BND BO:BOB BR:BRL BS:BSD BT:BTN BW:BWP BY:BYN BZ:BZD CA:CAD CD:CDF CL:CLP CN:CNY ' +
  'CO:COP CR:CRC CU:CUP CV:CVE CZ:CZK DJ:DJF DO:DOP DZ:DZD EG:EGP ER:ERN ET:ETB FJ:FJD FK:FKP ' +
  'GE:GEL GH:GHS GI:GIP GM:GMD GN:GNF GT:GTQ GY:GYD HK:HKD HN:HNL HT:HTG HU:HUF ID:IDR IN:INR ' +
  'IQ:IQD IR:IRR IS:ISK JM:JMD JO:JOD JP:JPY KE:KES KG:KGS KH:KHR KM:KMF KP:KPW KR:KRW KW:KWD ' +
  'KY:KYD KZ:KZT LA:LAK LB:LBP LK:LKR LR:LRD LS:LSL LY:LYD MD:MDL MG:MGA MK:MKD MM:MMK MN:MNT ' +
  'MO:MOP MR:MRU MU:MUR MV:MVR MW:MWK MX:MXN MY:MYR MZ:MZN NA:NAD NG:NGN NI:NIO NP:NPR OM:OMR ' +
  'PA:PAB PE:PEN PG:PGK PH:PHP PK:PKR PL:PLN PY:PYG QA:QAR RO:RON RS:RSD RU:RUB RW:RWF SA:SAR ' +
  'SB:SBD SC:SCR SD:SDG SE:SEK SG:SGD SH:SHP SL:SLE SO:SOS SR:SRD SS:SSP ST:STN SY:SYP SZ:SZL ' +
  'TH:THB TJ:TJS TM:TMT TN:TND TO:TOP TR:TRY TT:TTD TW:TWD TZ:TZS UA:UAH UG:UGX UY:UYU UZ:UZS ' +
  'VE:VES VN:VND VU:VUV WS:WST YE:YER ZA:ZAR ZM:ZMW ZW:ZWG';

function buildTable(): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const [currency, regions] of Object.entries(CURRENCY_REGIONS)) {
    for (const region of regions.split(' ')) table.set(region, currency);
  }
  for (const pair of SINGLE_REGIONS.split(' ')) {
    const [region, currency] = pair.split(':');
    if (region && currency) table.set(region, currency);
  }
  return table;
}

/** Region code → currency code. */
export const REGION_CURRENCY: ReadonlyMap<string, string> = buildTable();

/**
 * The region a locale tag names ("en-GB" → "GB"); a tag without one gets its likely region
 * ("pt" → "BR", as Intl.Locale#maximize guesses); null for a tag Intl cannot read.
 */
export function localeRegion(locale: string): string | null {
  try {
    const parsed = new Intl.Locale(locale);
    return parsed.region ?? parsed.maximize().region ?? null;
  } catch {
    return null;
  }
}

/** The currency of the locale's region ("en-GB" → "GBP", "pt-PT" → "EUR"); null if unknown. */
export function localeCurrency(locale: string): string | null {
  const region = localeRegion(locale);
  return region === null ? null : (REGION_CURRENCY.get(region) ?? null);
}

export interface CurrencyHints {
  /** The profile's home currency, if set. */
  home: string | null | undefined;
  /** The browser's locale (navigator.language). */
  locale: string;
  /** Currencies used lately on this device, the latest first. */
  recent: readonly string[];
}

/** Home currency, else the locale's region's, else the last used, else USD. */
export function chooseDefaultCurrency({ home, locale, recent }: CurrencyHints): string {
  return home || localeCurrency(locale) || recent[0] || DEFAULT_CURRENCY;
}
