import { describe, expect, it } from 'vitest';
import { extractDate } from './dates.js';
import { toLines } from './text.js';

const date = (text: string): string | null =>
  extractDate(toLines(text), new Date('2026-01-01T00:00:00Z')).date;

describe('extractDate', () => {
  it.each([
    ['DATE: 25/12/2018 8:13:39 PM', '2018-12-25'],
    ['23-01-2019 13:14', '2019-01-23'],
    ['2018-03-18', '2018-03-18'],
    ['DATE/TIME : 20180428/191204', '2018-04-28'],
    ['00440010036 25032018 13:11:54', '2018-03-25'],
    ['05-JAN-2017', '2017-01-05'],
    ['30 MAY 2018 18:24', '2018-05-30'],
    ['Mar 14, 2025', '2025-03-14'],
    ['14. März 2025', '2025-03-14'],
    ['Le 3 février 2024', '2024-02-03'],
    ['Date 25/12/20188:13:39PM', '2018-12-25'],
    ['13 May201818:26', '2018-05-13'],
    ['18/03/1815:17', '2018-03-18'],
    // OCR glued the time before the date, or the year to a time that lost its first colon.
    ['16:1404/03/18', '2018-03-04'],
    ['25/Feb/20170743:54', '2017-02-25'],
    // A time glued to the year that OCR also damaged, or after a date that lost a separator.
    ['REG 30-04-201815:5/', '2018-04-30'],
    ['Date ：0405/20177:19:43AM', '2017-05-04'],
    // A compact date whose label OCR lost (only when no other date is found).
    ['No:CS-20243\n27032018\nTotal 12.00', '2018-03-27'],
    ['27032018 No:CS-20243\nTotal 12.00', '2018-03-27'],
    // A 2-digit year with the time glued on, colons lost (only when no other date is found).
    ['Date Time\n18/03/1815170605102', '2018-03-18'],
    // Month names OCR damaged.
    ['Date : 05 3an 2017 12:41pm', '2017-01-05'],
    ['02/Ja0/2017 10:49:25', '2017-01-02'],
    ['Date: 0ct 3, 2016 12:16:25 PM', '2016-10-03'],
    ['04:54 pm,27Maroh,2018', '2018-03-27'],
    ['CB#:59581331715 14AMay/201702:56:39', '2017-05-14'],
  ])('reads %s', (text, expected) => {
    expect(date(text)).toBe(expected);
  });

  it('reads ambiguous numeric dates day-first by default and on Malaysian/European receipts', () => {
    expect(date('DATE: 06/03/2018')).toBe('2018-03-06');
    expect(date('RM 5.00\nDATE: 06/03/2018')).toBe('2018-03-06');
  });

  it('reads them month-first on US receipts or when another date proves it', () => {
    expect(date('SALES TAX 0.80\nDATE: 06/03/2018')).toBe('2018-06-03');
    expect(date('Springfield, IL 62704\n06/03/2018')).toBe('2018-06-03');
    expect(date('DATE: 12/13/2016\nPRINTED 06/03/2016')).toBe('2016-12-13');
  });

  it('prefers the labelled purchase date over expiry dates', () => {
    expect(date('VALID UNTIL 31/12/2026\nDATE: 01/02/2025 10:00')).toBe('2025-02-01');
  });

  it('falls back to dates OCR glued to a number or lost a separator of, with less confidence', () => {
    const glued = extractDate(toLines('#19536001/06/2018 6:31'), new Date('2026-01-01T00:00:00Z'));
    expect(glued.date).toBe('2018-06-01');
    expect(glued.confidence).toBeLessThan(0.8);
    expect(date('2703/2018 No.:CS-20242')).toBe('2018-03-27');
    // Only when nothing clean is there: a clean date wins over a damaged one.
    expect(date('2703/2018\nDATE: 01/02/2018')).toBe('2018-02-01');
    expect(date('RECEIPT #: CS00633800 DATE: 25/0412017')).toBe('2017-04-25');
    // Not a date: an invoice number.
    expect(date('INV 12345678/2018')).toBeNull();
  });

  it('does not read a month into words one edit from two months or into counts', () => {
    expect(date('TEL 03 MAX 2018')).toBeNull();
    expect(date('5 PCS 2018')).toBeNull();
  });

  it('returns null with confidence 0 when there is no date', () => {
    expect(extractDate(toLines('TOTAL 9.00'))).toEqual({ date: null, confidence: 0 });
  });
});
