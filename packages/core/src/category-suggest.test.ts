import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, isCategoryId } from './categories.js';
import type { CategoryId } from './categories.js';
import {
  descriptionKey,
  foldText,
  keywordCategory,
  summarizeCategoryHistory,
  suggestCategory,
} from './category-suggest.js';
import type { CategoryHistoryEntry } from './category-suggest.js';

describe('foldText', () => {
  it('folds case, accents, abbreviations, apostrophes and punctuation', () => {
    expect(foldText('  Café  Crème ')).toBe('cafe creme');
    expect(foldText('MR.D.I.Y(M)SDN BHD')).toBe('mrdiy m sdn bhd');
    expect(foldText('MR. D.I.Y. (M) SDN BHD')).toBe('mr diy m sdn bhd');
    expect(foldText("WATSON'S PERSONAL CARE")).toBe('watsons personal care');
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('CASH & CARRY')).toBe('cash carry');
  });
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(foldText(foldText(s))).toBe(foldText(s));
      }),
    );
  });
});

describe('keywordCategory', () => {
  const cases: [string, CategoryId | null][] = [
    ['Dinner', 'dining_out'],
    ['dinner at Luigi’s', 'dining_out'],
    ['Lunch', 'dining_out'],
    ['Pizza night', 'dining_out'],
    ['Groceries', 'groceries'],
    ['weekly grocery run', 'groceries'],
    ['Beers', 'drinks'],
    ['Coffee', 'drinks'],
    ['Uber to the airport', 'taxi'],
    ['Taxi', 'taxi'],
    ['Petrol', 'fuel'],
    ['Gas station', 'fuel'],
    ['Gas bill', 'utilities'],
    ['Car park', 'parking'],
    ['Parking', 'parking'],
    ['Car wash', 'car'],
    ['Tolls', 'car'],
    ['Train tickets', 'public_transport'],
    ['Bus', 'public_transport'],
    ['Flights to Lisbon', 'flights'],
    ['AirAsia', 'flights'],
    ['Rent', 'rent'],
    ['Parent’s gift', 'gifts'],
    ['Electricity', 'utilities'],
    ['Internet', 'utilities'],
    ['Toilet paper', 'household_supplies'],
    ['IKEA', 'furniture'],
    ['Plumber', 'maintenance'],
    ['New laptop', 'electronics'],
    ['Cleaner', 'services'],
    ['Vet', 'pets'],
    ['Pet food', 'pets'],
    ['Cat food', 'pets'],
    ['Board games', 'games'],
    ['Cinema', 'movies'],
    ['Netflix', 'movies'],
    ['Spotify', 'music'],
    ['Concert tickets', 'music'],
    ['Gym membership', 'sports'],
    ['Hotel', 'hotel'],
    ['Airbnb Porto', 'hotel'],
    ['Birthday present', 'gifts'],
    ['Flowers', 'gifts'],
    ['Pharmacy', 'medical'],
    ['Dentist', 'medical'],
    ['Shoes', 'clothing'],
    ['School fees', 'education'],
    ['Babysitter', 'childcare'],
    ['Car insurance', 'insurance'],
    ['Council tax', 'taxes'],
    ['Quit rent', 'taxes'],
    ['Taxis', 'taxi'],
    // Malay, Indonesian and other words
    ['Makan malam di restoran', 'dining_out'],
    ['Nasi lemak', 'dining_out'],
    ['Kedai runcit', 'groceries'],
    ['Teh tarik', 'drinks'],
    ['Bil elektrik', 'utilities'],
    ['Sewa rumah', 'rent'],
    ['Tiket bas', 'public_transport'],
    ['Teksi', 'taxi'],
    ['Ubat', 'medical'],
    ['Cukai pintu', 'taxes'],
    ['Restaurante', 'dining_out'],
    ['Épicerie', 'groceries'],
    ['Tankstelle', 'fuel'],
    ['Supermercado', 'groceries'],
    // nothing to go on
    ['', null],
    ['Stuff', null],
    ['Bob', null],
  ];
  it.each(cases)('%s → %s', (text, expected) => {
    expect(keywordCategory(text)).toBe(expected);
  });

  it('reads the shops of the receipt datasets', () => {
    const shops: [string, CategoryId][] = [
      ['BANH MI CAFE SDN BHD', 'dining_out'],
      ['RESTORAN WAN SHENG', 'dining_out'],
      ['LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD', 'dining_out'],
      ['THE COFFEE BEAN & TEA LEAF (M) SDN. BHD.', 'drinks'],
      ['RESTORAN DE COFFEE O', 'dining_out'],
      ['SUPER SEVEN CASH & CARRY SDN BHD', 'groceries'],
      ['KEDAI RUNCIT ZBH', 'groceries'],
      ['TF VALUE-MART SDN BHD', 'groceries'],
      ['CHECKERS HYPERMARKET SDN BHD (JALAN KLANG LAMA)', 'groceries'],
      ['GARDENIA BAKERIES (KL) SDN BHD', 'groceries'],
      ['FAMILYMART', 'groceries'],
      ['SHELL ISNI PETRO TRADING', 'fuel'],
      ['HASHA PETROKIOSK', 'fuel'],
      ['AMPANG 210 FIRST CITY PARKING SDN BHD', 'parking'],
      ['RAPID RAIL SDN BHD', 'public_transport'],
      ['MR D.I.Y. (M) SDN BHD', 'household_supplies'],
      ['MR.D.I.Y(M)SDN BHD', 'household_supplies'],
      ['LIAN HING STATIONERY SDN BHD', 'household_supplies'],
      ['HOME MASTER HARDWARE & ELECTRICAL', 'maintenance'],
      ['SKCA HARDWARE & TIMBER SDN. BHD.', 'maintenance'],
      ['KAISON FURNISHING SDN BHD', 'furniture'],
      ['IKANO HANDEL SDN BHD', 'furniture'],
      ['ASO ELECTRICAL TRADING SDN BHD', 'electronics'],
      ['PRINT EXPERT SDN BHD', 'services'],
      ['GREEN LANE PHARMACY SDN BHD', 'medical'],
      ['GUARDIAN HEALTH AND BEAUTY SDN BHD', 'medical'],
      ["WATSON'S PERSONAL CARE STORES SDN BHD", 'medical'],
      ['SUBANG HEALTHCARE SDN BHD', 'medical'],
      ['L TWO FLORIST & HANDICRAFT', 'gifts'],
      ['TANJONGMAS BOOKCENTRE (PJ) SDN BHD', 'education'],
      ['S.H.H. MOTOR (SUNGAI RENGIT) SDN. BHD.', 'car'],
    ];
    for (const [shop, expected] of shops) expect(keywordCategory(shop), shop).toBe(expected);
  });

  it('never throws and always answers a known category or null', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const c = keywordCategory(s);
        expect(c === null || isCategoryId(c)).toBe(true);
      }),
    );
  });
});

describe('summarizeCategoryHistory', () => {
  it('counts descriptions by key and category, same group double, General left out', () => {
    const history = summarizeCategoryHistory(
      [
        { description: 'Netflix', category: 'movies', groupId: 1 },
        { description: 'netflix ', category: 'movies', groupId: 2 },
        { description: 'NETFLIX!', category: 'utilities', groupId: 2 },
        { description: 'Dinner', category: 'general', groupId: 1 },
        { description: '42', category: 'gifts', groupId: 1 },
        { description: 'Old', category: 'renamed_away', groupId: 1 },
      ],
      1,
    );
    expect(history).toEqual([
      { description: 'netflix', category: 'movies', weight: 3 },
      { description: 'netflix', category: 'utilities', weight: 1 },
    ]);
  });
  it('keeps at most `limit` entries, the weightiest', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      description: `thing ${String.fromCharCode(97 + (i % 26))}${String(i)}`,
      category: 'gifts',
      groupId: null,
    }));
    rows.push(...rows.slice(0, 3));
    const history = summarizeCategoryHistory(rows, null, 10);
    expect(history).toHaveLength(10);
    expect(history.slice(0, 3).every((h) => h.weight === 2)).toBe(true);
  });
});

describe('suggestCategory', () => {
  const history: CategoryHistoryEntry[] = [
    { description: 'weekly shop', category: 'groceries', weight: 3 },
    { description: 'dinner', category: 'drinks', weight: 1 },
    { description: 'dinner', category: 'gifts', weight: 4 },
    { description: 'bobs birthday', category: 'gifts', weight: 1 },
    { description: 'mr diy', category: 'maintenance', weight: 2 },
  ];

  it('prefers the category the person most often gave the same description', () => {
    expect(suggestCategory({ description: 'Dinner', history })).toEqual({
      category: 'gifts',
      source: 'history',
    });
    expect(suggestCategory({ description: 'Weekly shop!', history })?.category).toBe('groceries');
  });

  it('finds similar descriptions, and a half-typed last word', () => {
    expect(suggestCategory({ description: 'Bob’s birthday', history })?.source).toBe('history');
    expect(suggestCategory({ description: 'Weekly sho', history })).toEqual({
      category: 'groceries',
      source: 'history',
    });
    // Not alike enough: the keywords decide.
    expect(suggestCategory({ description: 'Team dinner at the harbour', history })).toEqual({
      category: 'dining_out',
      source: 'description',
    });
  });

  it('falls back to the description’s words, then the shop, then nothing', () => {
    expect(suggestCategory({ description: 'Taxi home' })).toEqual({
      category: 'taxi',
      source: 'description',
    });
    expect(suggestCategory({ description: 'Banh Mi', merchant: 'BANH MI CAFE SDN BHD' })).toEqual({
      category: 'dining_out',
      source: 'merchant',
    });
    expect(
      suggestCategory({ description: 'Stuff', merchant: 'MR. D.I.Y. (M) SDN BHD', history }),
    ).toEqual({ category: 'maintenance', source: 'history' });
    expect(suggestCategory({ description: 'Stuff', merchant: null })).toBeNull();
    expect(suggestCategory({})).toBeNull();
  });

  it('answers its own history: any description given a category is suggested back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('coffee', 'with', 'ana', 'club', 'xyz', 'monthly', 'ñoño'), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom(...CATEGORY_IDS.filter((id) => id !== 'general')),
        (ws, category) => {
          const description = ws.join(' ');
          const h = summarizeCategoryHistory([{ description, category, groupId: null }]);
          const s = suggestCategory({ description: description.toUpperCase(), history: h });
          if (descriptionKey(description) !== '') {
            expect(s).toEqual({ category, source: 'history' });
          }
        },
      ),
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (d, m) => {
        const s = suggestCategory({ description: d, merchant: m, history });
        expect(s === null || isCategoryId(s.category)).toBe(true);
      }),
    );
  });
});
