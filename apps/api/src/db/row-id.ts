// Database facts about ids that more than one module checks.

/** Largest value of an `integer` id column: a well-formed larger path id has no row (404). */
export const MAX_ROW_ID = 2_147_483_647;
