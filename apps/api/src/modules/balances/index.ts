// The balances module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  COUNTERPARTY_ROWS_JSON,
  counterpartyFigures,
  counterpartyFiguresOf,
  everyoneSettled,
  everyoneSettledIn,
  groupLines,
  groupPlan,
  isSettledInGroup,
  linesOfGroups,
  peopleByIds,
  peopleJson,
  peopleMap,
} from './balance-reader.js';
export type {
  BalanceLineData,
  CounterpartyFigures,
  CounterpartyTuple,
  Person,
  PersonTuple,
} from './balance-reader.js';
export {
  deleteGroupPairs,
  groupPairRows,
  pairNetOfTuple,
  pairNetsJson,
} from './pair-balances.repository.js';
export type { PairNet, PairNetTuple } from './pair-balances.repository.js';
