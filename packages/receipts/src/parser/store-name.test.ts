import { describe, expect, it } from 'vitest';
import {
  extractStoreName,
  lettersForLookalikeDigits,
  repairSdnBhd,
  splitGluedSuffix,
} from './store-name.js';
import { toLines } from './text.js';

const store = (text: string): string | null => extractStoreName(toLines(text)).storeName;

describe('extractStoreName', () => {
  it('prefers the registered company line near the top and trims registration numbers', () => {
    expect(
      store('TAN WOON YANN\nBOOK TA .K(TAMAN DAYA) SDN BND\n789417-W\nNO.53, JALAN SAGU 18'),
      // "BND" is OCR's misreading of "BHD" (repairSdnBhd).
    ).toBe('BOOK TA .K(TAMAN DAYA) SDN BHD');
    expect(store('MYDIN\nTRI SHAAS SDN BHD (728515-M)\nMYDIN MART SRI MUDA')).toBe(
      'TRI SHAAS SDN BHD',
    );
    expect(store('OLD ASIA\nOWN BY: CHEF LEE SDN BHD\nCO.NO. (458592-T)')).toBe('CHEF LEE SDN BHD');
    expect(store('LIGHTROOM GALLERY SDN BHD NO: 28, JALAN ASTANA 1C,')).toBe(
      'LIGHTROOM GALLERY SDN BHD',
    );
  });

  it('joins a name split over two lines and a bracketed branch line', () => {
    expect(store('LIAN CHI PU TIAN VEGETARIAN\nRESTAURANT SDN BHD\n(1095514-X)')).toBe(
      'LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD',
    );
    expect(store('HOME MASTER HARDWARE &\nELECTRICAL\nNO.113G, JALAN SETIA')).toBe(
      'HOME MASTER HARDWARE & ELECTRICAL',
    );
    expect(store('CHECKERS HYPERMARKET SDN BHD\n(JALAN KLANG LAMA)\nLOT 2942')).toBe(
      'CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LAMA)',
    );
  });

  it('joins a registered name whose second line starts with "&"', () => {
    expect(store('THE LEAF & BEAN\n& TEA HOUSE (M) SDN. BHD.\nCOMPANY NO.:441970-H')).toBe(
      'THE LEAF & BEAN & TEA HOUSE (M) SDN. BHD.',
    );
  });

  it('takes the name above a registration number over a company printed below the address', () => {
    const text = [
      'KEDAI BESI MAJU HARDWARE',
      '(872981-V)',
      'LOT 1-0-2, JLN 1/50,',
      '53000 KUALA LUMPUR',
      'TEL: 03-40211233',
      'TAX INVOICE',
      'SUPPLIER: ACME TOOLS (M) SDN BHD',
    ].join('\n');
    expect(store(text)).toBe('KEDAI BESI MAJU HARDWARE');
    // A registered company line in the header still wins.
    expect(store('MYDIN\nTRI SHAAS SDN BHD\n(728515-M)\nJALAN SRI MUDA')).toBe('TRI SHAAS SDN BHD');
  });

  it('reads engine OCR: glued words, SEN 3HD, zeros for Os, lower-case handwriting', () => {
    expect(store('tan chay yee\nABCHOTRADING\nNo.2&4,JALANHARMONI3/2')).toBe('ABCHOTRADING');
    expect(store('tan\nSOONHUATMACHINERYENTERPRISE\n(JM0352019-K)\nNO.53JALANPUTRA1,')).toBe(
      'SOONHUATMACHINERYENTERPRISE',
    );
    expect(store('SUPER.SEVEN CASH & CARRY SEN 3HD\n(590150-A)')).toBe(
      'SUPER.SEVEN CASH & CARRY SDN BHD',
    );
    expect(store('SUSHI BAR\nKMF F00DICI0US SDN BHD (1132106-H)')).toBe('KMF FOODICIOUS SDN BHD');
  });

  it('takes the name above a registration number over footer text OCR put first', () => {
    const text = 'GOODS SOLD ARE NOT RETURNABLE\nSLF CASH & CARRY\n(002107265-V)\nNO.15, JLN TSJ 2';
    expect(store(text)).toBe('SLF CASH & CARRY');
    expect(store('POOIEL\nFIVESTAR CASH&CARRY\n(1365663-P)\nNo.1 Jalan SS 9/1')).toBe(
      'FIVESTAR CASH&CARRY',
    );
  });

  it('repairs OCR-glued suffixes', () => {
    expect(store('MYNEWSRETAILSB(306295-X)FKABISONSTORESSB')).toBe('MYNEWSRETAIL SB');
    expect(store('SUN VICTORY SON BHD')).toBe('SUN VICTORY SDN BHD');
  });

  it('splits every legal form OCR glued to the word before, in any case', () => {
    expect(splitGluedSuffix('TFValue-MartSdn Bhd(482123-U)')).toBe(
      'TFValue-Mart Sdn Bhd(482123-U)',
    );
    expect(splitGluedSuffix('RAPIDRAILSLIIBHD')).toBe('RAPIDRAILSLII BHD');
    expect(splitGluedSuffix('CASTLEBLUES/B')).toBe('CASTLEBLUE S/B');
    expect(splitGluedSuffix('GHDISTRIBUTOR&MARKETINGSDNBHD')).toBe(
      'GHDISTRIBUTOR&MARKETING SDN BHD',
    );
    // A legal form inside a longer word, or after fewer than three letters, stays.
    expect(splitGluedSuffix('SBARRO KLSB')).toBe('SBARRO KLSB');
    expect(splitGluedSuffix('SUBHDAY')).toBe('SUBHDAY');
    // Found as the company line although the suffix is glued on, also before a space.
    expect(store('TQ FOR SHOPPING\nSIXTYSEVENMARTSB 12 JALAN')).toBe('SIXTYSEVENMART SB');
  });

  it('reads "SDN BHD" that OCR misread at the end of a name (two edits at most)', () => {
    expect(repairSdnBhd('SUBANG HEALTHCARE SIN BHI')).toBe('SUBANG HEALTHCARE SDN BHD');
    expect(repairSdnBhd('Bradview Markatng 5dn Bh(728M)')).toBe('Bradview Markatng SDN BHD(728M)');
    expect(repairSdnBhd('SUN VICTORY SON BHD')).toBe('SUN VICTORY SDN BHD');
    // Words further from it, or not at the end of the name, stay.
    expect(repairSdnBhd('KEDAI SAN BAR')).toBe('KEDAI SAN BAR');
    expect(repairSdnBhd('SIN BHI RESTAURANT')).toBe('SIN BHI RESTAURANT');
    expect(store('AA PHARMACY\nSUBANG HEALTHCARE SIN BHI\n1118258-K\nGST NO:001536708608')).toBe(
      'SUBANG HEALTHCARE SDN BHD',
    );
  });

  it('ends the header at an address with words, not at a bare number', () => {
    const text = [
      '3-1708032',
      'Wotsone',
      "Watson'sPersonlCaretorsSdd",
      'Company Reg No.:269892V',
      'GST Reg No.000947339264',
    ].join('\n');
    expect(store(text)).toBe("Watson'sPersonlCaretorsSdd");
  });

  it('does not take the last address line above a registration number for the name', () => {
    const text = [
      'HOME MASTER HARDWARE&',
      'ELECTRICAL',
      'NO.113G&115G,JALAN SETIA',
      'GELANGOR.',
      'Company Reg No. :SA03711551-P',
    ].join('\n');
    expect(store(text)).toBe('HOME MASTER HARDWARE& ELECTRICAL');
  });

  it('reads look-alike digits between letters as the letters', () => {
    expect(lettersForLookalikeDigits('KMF F00DICI0US')).toBe('KMF FOODICIOUS');
    expect(lettersForLookalikeDigits('HA1L MAR5H')).toBe('HAIL MARSH');
    // Numbers and digits at a word's edge stay as printed.
    expect(lettersForLookalikeDigits('7-ELEVEN 99 SPEEDMART A1 3M')).toBe(
      '7-ELEVEN 99 SPEEDMART A1 3M',
    );
  });

  it('otherwise takes the first name-like line, skipping greetings, titles, addresses and phones', () => {
    expect(store('WELCOME\nTAX INVOICE\nTrader Joe’s\n123 Main St\nTel 555-1234')).toBe(
      'Trader Joe’s',
    );
    expect(store('12345\nStarbucks Coffee\nStore #1234')).toBe('Starbucks Coffee');
  });

  it('returns null with confidence 0 when nothing qualifies', () => {
    expect(extractStoreName(toLines('12.00\n03-1234 5678'))).toEqual({
      storeName: null,
      confidence: 0,
    });
  });
});
