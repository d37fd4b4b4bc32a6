import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inEnglish, messageText } from './message.js';
import {
  CATEGORIES,
  CATEGORY_FAMILIES,
  CATEGORY_IDS,
  categoriesByFamily,
  categoryFromName,
  categoryIdSchema,
  categoryLabel,
  categoryOf,
  DEFAULT_CATEGORY,
  familyOf,
  isCategoryId,
  MSG_INVALID_CATEGORY,
  readOptionalCategory,
  SPLITWISE_CATEGORIES,
  splitwiseNameOf,
  toCategoryId,
} from './categories.js';

/** Splitwise's category names as its CSV export writes them, and what each must become. */
const SPLITWISE_EXPORT_NAMES: Record<string, string> = {
  General: 'general',
  'Dining out': 'dining_out',
  Groceries: 'groceries',
  Rent: 'rent',
  Electricity: 'utilities',
  'Heat/gas': 'utilities',
  Water: 'utilities',
  'TV/Phone/Internet': 'utilities',
  Taxi: 'taxi',
  'Gas/fuel': 'fuel',
  Parking: 'parking',
  'Bus/train': 'public_transport',
  Plane: 'flights',
  Hotel: 'hotel',
  Movies: 'movies',
  Games: 'games',
  Music: 'music',
  Sports: 'sports',
  Liquor: 'drinks',
  Gifts: 'gifts',
  'Medical expenses': 'medical',
  Clothing: 'clothing',
  Education: 'education',
  Childcare: 'childcare',
  Insurance: 'insurance',
  Taxes: 'taxes',
  'Household supplies': 'household_supplies',
  Furniture: 'furniture',
  Maintenance: 'maintenance',
  Pets: 'pets',
  Services: 'services',
  Electronics: 'electronics',
  Cleaning: 'services',
  Mortgage: 'rent',
  Car: 'car',
  Other: 'general',
  Trash: 'utilities',
  Bicycle: 'public_transport',
};

/** The same text with each letter's case chosen by `flips`. */
function recase(text: string, flips: boolean[]): string {
  return [...text].map((ch, i) => (flips[i % flips.length] ? ch.toUpperCase() : ch)).join('');
}

describe('the category set', () => {
  it('has unique, stable-looking ids and unique labels, General first and the default', () => {
    expect(new Set(CATEGORY_IDS).size).toBe(CATEGORIES.length);
    expect(new Set(CATEGORIES.map((c) => c.label.toLowerCase())).size).toBe(CATEGORIES.length);
    for (const id of CATEGORY_IDS) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(CATEGORY_IDS[0]).toBe('general');
    expect(DEFAULT_CATEGORY).toBe('general');
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(25);
  });

  it('groups every category under a known family, in the families’ order, none empty', () => {
    const groups = categoriesByFamily();
    expect(groups.map((g) => g.family.id)).toEqual(CATEGORY_FAMILIES.map((f) => f.id));
    for (const g of groups) expect(g.categories.length).toBeGreaterThan(0);
    expect(groups.flatMap((g) => g.categories.map((c) => c.id))).toEqual(CATEGORY_IDS);
    expect(familyOf('groceries').label).toBe('Food & drink');
    expect(familyOf('taxi').id).toBe('transport');
    expect(familyOf('hotel').id).toBe('travel');
  });

  it('includes the families and categories the product names', () => {
    const inFamily = (family: string) =>
      CATEGORIES.filter((c) => c.family === family).map((c) => c.id);
    expect(inFamily('food')).toEqual(['dining_out', 'groceries', 'drinks']);
    expect(inFamily('transport')).toEqual(
      expect.arrayContaining(['taxi', 'fuel', 'parking', 'public_transport', 'flights']),
    );
    expect(inFamily('home')).toEqual(
      expect.arrayContaining(['rent', 'utilities', 'household_supplies']),
    );
    expect(inFamily('entertainment')).toEqual(['games', 'movies', 'music', 'sports']);
    expect(inFamily('travel')).toEqual(['hotel']);
    expect(inFamily('life')).toEqual(
      expect.arrayContaining([
        'gifts',
        'medical',
        'clothing',
        'education',
        'childcare',
        'insurance',
        'taxes',
      ]),
    );
  });

  it('gives every category one emoji', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const c of CATEGORIES) {
      expect([...segmenter.segment(c.emoji)], c.id).toHaveLength(1);
      expect(c.emoji, c.id).toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('round-trips every id: schema, lookup, reader, import by id and by label', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CATEGORY_IDS),
        fc.array(fc.boolean(), { minLength: 1 }),
        (id, flips) => {
          expect(isCategoryId(id)).toBe(true);
          expect(categoryIdSchema.parse(id)).toBe(id);
          expect(categoryOf(id).id).toBe(id);
          expect(toCategoryId(id)).toBe(id);
          expect(readOptionalCategory(` ${recase(id, flips)} `)).toEqual({ ok: true, value: id });
          expect(categoryFromName(id)).toBe(id);
          expect(categoryFromName(recase(categoryLabel(id), flips))).toBe(id);
          expect(categoryFromName(splitwiseNameOf(id))).toBe(id);
        },
      ),
    );
  });

  it('maps every Splitwise category name, in any case, to the right category', () => {
    for (const [name, id] of Object.entries(SPLITWISE_EXPORT_NAMES)) {
      expect(categoryFromName(name), name).toBe(id);
    }
    for (const [name, id] of Object.entries(SPLITWISE_CATEGORIES)) {
      expect(isCategoryId(id), name).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SPLITWISE_EXPORT_NAMES)),
        fc.array(fc.boolean(), { minLength: 1 }),
        (name, flips) => {
          expect(categoryFromName(recase(name, flips))).toBe(SPLITWISE_EXPORT_NAMES[name]);
          expect(categoryFromName(`  ${name}  `)).toBe(SPLITWISE_EXPORT_NAMES[name]);
        },
      ),
    );
  });

  it('reads family-qualified and accented names, and anything else as General', () => {
    expect(categoryFromName('Food and drink - Dining out')).toBe('dining_out');
    expect(categoryFromName('Utilities » Heat / gas')).toBe('utilities');
    expect(categoryFromName('Transportation: Plane')).toBe('flights');
    expect(categoryFromName('Food and drink - Other')).toBe('dining_out');
    expect(categoryFromName('Dïning óut')).toBe('dining_out');
    expect(categoryFromName('Food & drink')).toBe('dining_out');
    for (const other of ['', 'Payment', 'Something new', null, undefined]) {
      expect(categoryFromName(other)).toBe('general');
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isCategoryId(categoryFromName(s))).toBe(true);
      }),
    );
  });

  it('treats unknown stored ids as General and refuses unknown request ids with a message', () => {
    expect(categoryOf('from_the_future').id).toBe('general');
    expect(categoryOf(null).id).toBe('general');
    expect(readOptionalCategory(undefined)).toEqual({ ok: true, value: null });
    expect(readOptionalCategory('  ')).toEqual({ ok: true, value: null });
    expect(inEnglish(readOptionalCategory('food'))).toEqual({
      ok: false,
      message: `Unknown category "food". ${messageText(MSG_INVALID_CATEGORY)}`,
    });
    expect(readOptionalCategory(7)).toEqual({ ok: false, message: MSG_INVALID_CATEGORY });
    expect(categoryIdSchema.safeParse('nope').error?.issues[0]?.message).toBe(
      messageText(MSG_INVALID_CATEGORY),
    );
  });
});
