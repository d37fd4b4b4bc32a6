// Category names in the reader's language (issue #32): the budget alerts and the trip report
// name categories. Core's `categoryLabel` stays the English (the API's `label` fields).
import { categoryOf } from '@evenly/core';
import type { Translator } from './translator.js';

const NAMES: Readonly<Record<string, { id: string; message: string }>> = {
  general: /*i18n*/ { id: 'category.general', message: 'General' },
  dining_out: /*i18n*/ { id: 'category.dining_out', message: 'Dining out' },
  groceries: /*i18n*/ { id: 'category.groceries', message: 'Groceries' },
  drinks: /*i18n*/ { id: 'category.drinks', message: 'Drinks' },
  taxi: /*i18n*/ { id: 'category.taxi', message: 'Taxi' },
  fuel: /*i18n*/ { id: 'category.fuel', message: 'Fuel' },
  parking: /*i18n*/ { id: 'category.parking', message: 'Parking' },
  public_transport: /*i18n*/ { id: 'category.public_transport', message: 'Public transport' },
  flights: /*i18n*/ { id: 'category.flights', message: 'Flights' },
  car: /*i18n*/ { id: 'category.car', message: 'Car & tolls' },
  rent: /*i18n*/ { id: 'category.rent', message: 'Rent & mortgage' },
  utilities: /*i18n*/ { id: 'category.utilities', message: 'Utilities' },
  household_supplies: /*i18n*/ { id: 'category.household_supplies', message: 'Household supplies' },
  furniture: /*i18n*/ { id: 'category.furniture', message: 'Furniture' },
  maintenance: /*i18n*/ { id: 'category.maintenance', message: 'Repairs & maintenance' },
  electronics: /*i18n*/ { id: 'category.electronics', message: 'Electronics' },
  services: /*i18n*/ { id: 'category.services', message: 'Cleaning & services' },
  pets: /*i18n*/ { id: 'category.pets', message: 'Pets' },
  games: /*i18n*/ { id: 'category.games', message: 'Games' },
  movies: /*i18n*/ { id: 'category.movies', message: 'Movies & streaming' },
  music: /*i18n*/ { id: 'category.music', message: 'Music & concerts' },
  sports: /*i18n*/ { id: 'category.sports', message: 'Sports & fitness' },
  hotel: /*i18n*/ { id: 'category.hotel', message: 'Hotel & lodging' },
  gifts: /*i18n*/ { id: 'category.gifts', message: 'Gifts' },
  medical: /*i18n*/ { id: 'category.medical', message: 'Medical' },
  clothing: /*i18n*/ { id: 'category.clothing', message: 'Clothing' },
  education: /*i18n*/ { id: 'category.education', message: 'Education' },
  childcare: /*i18n*/ { id: 'category.childcare', message: 'Childcare' },
  insurance: /*i18n*/ { id: 'category.insurance', message: 'Insurance' },
  taxes: /*i18n*/ { id: 'category.taxes', message: 'Taxes' },
};

/** The name of category `id` (unknown ids: "General", as core's categoryOf). */
export function categoryName(tr: Translator, id: string | null | undefined): string {
  const category = categoryOf(id);
  const words = NAMES[category.id];
  return words === undefined ? category.label : tr.t(words);
}
