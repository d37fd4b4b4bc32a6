import { describe, expect, it } from 'vitest';
import { assignFolds, groupShops, sameShop, shopKey } from './shop-groups.js';

describe('shopKey', () => {
  it('drops legal forms, bracketed branches and punctuation', () => {
    expect(shopKey('BOOK TA .K (TAMAN DAYA) SDN BHD')).toBe('BOOKTAK');
    expect(shopKey('BEMED (SP) SDN. BHD.')).toBe(shopKey('BEMED (SP) SDN BHD'));
    expect(shopKey('LAVENDER CONFECTIONERY & BAKERY S/B')).toBe('LAVENDERCONFECTIONERYBAKERY');
    expect(shopKey('CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LAMA)')).toBe('CHECKERSHYPERMARKET');
    expect(shopKey('GARDENIA BAKERIES (KI ) SDN BHD')).toBe(
      shopKey('GARDENIA BAKERIES (KL) SDN BHD'),
    );
  });

  it('joins initials written with dots and keeps the owner of "owned by" names', () => {
    expect(shopKey('MR.D.I.Y(M)SDN BHD')).toBe('MRDIY');
    expect(shopKey('MR D.I.Y. (JOHOR) SDN BHD')).toBe('MRDIY');
    expect(shopKey('DIMILIKI OLEH : DOVE HOLDINGS SDN BHD')).toBe('DOVEHOLDINGS');
    expect(shopKey('OWNER BY CASTLE BLUE S/B')).toBe('CASTLEBLUE');
  });

  it('drops a leading word many shops share, so restaurants are told apart by their names', () => {
    expect(shopKey('RESTORAN WAN SHENG')).toBe('WANSHENG');
    expect(shopKey('RESTAURANT SIN DU')).toBe('SINDU');
  });
});

describe('sameShop', () => {
  it('joins a chain, a name inside a longer one, and label typos', () => {
    expect(sameShop(shopKey('NADEJE PLATINUM SDN BHD'), shopKey('NADEJE PRESTIGE SDN BHD'))).toBe(
      true,
    );
    expect(
      sameShop(
        shopKey('GHEE HIANG GH DISTRIBUTOR & MARKETING SDN BHD'),
        shopKey('GH DISTRIBUTOR & MARKETING SDN BHD'),
      ),
    ).toBe(true);
    expect(
      sameShop(shopKey('GL HANDICRAFT & TAII ORING'), shopKey('GL HANDICRAFT & TAIL ORING')),
    ).toBe(true);
  });

  it('keeps different shops apart', () => {
    expect(sameShop(shopKey('SEGI CASH & CARRY'), shopKey('SLF CASH & CARRY'))).toBe(false);
    expect(sameShop(shopKey('RESTORAN WAN SHENG'), shopKey('RESTORAN SIAM VILLAGE'))).toBe(false);
    expect(sameShop(shopKey('MR . DAKGALBI SOLARIS'), shopKey('MR D.I.Y. (M) SDN BHD'))).toBe(
      false,
    );
  });
});

describe('groupShops and assignFolds', () => {
  const receipts = [
    { id: 'a/1', storeName: 'MR D.I.Y. (M) SDN BHD' },
    { id: 'a/2', storeName: 'MR. D.I.Y. (JOHOR) SDN BHD' },
    { id: 'b/3', storeName: 'SEGI CASH & CARRY SDN. BHD.' },
    { id: 'b/4', storeName: 'SLF CASH & CARRY' },
    { id: 'b/5', storeName: 'SEGI CASH & CARRY SDN.BHD' },
  ];

  it('puts every receipt of a shop in one group, across sets', () => {
    const groups = groupShops(receipts);
    expect(groups.map((g) => g.receipts)).toEqual([['a/1', 'a/2'], ['b/3', 'b/5'], ['b/4']]);
  });

  it('deals whole shops into balanced folds, the same way every time', () => {
    const groups = groupShops(receipts);
    const folds = assignFolds(groups, 2, 7);
    expect(folds).toEqual(assignFolds(groups, 2, 7));
    const sizes = [0, 1].map((k) =>
      groups.reduce((n, g, i) => n + (folds[i] === k ? g.receipts.length : 0), 0),
    );
    expect(sizes.sort()).toEqual([2, 3]);
  });
});
