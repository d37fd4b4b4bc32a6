// Row ids as the API receives them.

/** Ids are PostgreSQL integers: anything larger names no row (a 404, never a 5xx). */
export const MAX_DB_ID = 2_147_483_647;

export function isDbId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_DB_ID;
}
