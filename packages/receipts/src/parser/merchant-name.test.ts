import { describe, expect, it } from 'vitest';
import { merchantNameOf } from './merchant-name.js';

describe('merchantNameOf', () => {
  it('drops legal forms, registration numbers and the (M) marker, in title case', () => {
    expect(merchantNameOf('BANH MI CAFE SDN BHD')).toBe('Banh Mi Cafe');
    expect(merchantNameOf('MR D.I.Y. (JOHOR) SDN BHD')).toBe('Mr D.I.Y. (Johor)');
    expect(merchantNameOf('THE COFFEE BEAN & TEA LEAF (M) SDN. BHD.')).toBe(
      'The Coffee Bean & Tea Leaf',
    );
    expect(merchantNameOf('SYARIKAT PERNIAGAAN GIN KEE (81109-A)')).toBe(
      'Syarikat Perniagaan Gin Kee',
    );
    expect(merchantNameOf('TWS MARKETING SDN BHD')).toBe('TWS Marketing');
    expect(merchantNameOf("DOMINO'S PIZZA")).toBe("Domino's Pizza");
    expect(merchantNameOf('ACME TRADING CO., LTD.')).toBe('Acme Trading');
    expect(merchantNameOf('Bäckerei Schmidt GmbH')).toBe('Bäckerei Schmidt');
    expect(merchantNameOf('KFC')).toBe('KFC');
    expect(merchantNameOf('SUNSHINE S/B')).toBe('Sunshine');
    // Legal words only as words: SENTOSA and INCA keep their endings.
    expect(merchantNameOf('KEDAI KOPI SENTOSA')).toBe('Kedai Kopi Sentosa');
    expect(merchantNameOf('CAFE INCA')).toBe('Cafe Inca');
  });

  it('keeps a name that is only a legal word, and gives null for nothing', () => {
    expect(merchantNameOf(null)).toBeNull();
    expect(merchantNameOf('(12345-X)')).toBeNull();
    expect(merchantNameOf('COMPANY')).toBe('Company');
  });
});
