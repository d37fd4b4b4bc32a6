// The payments module's public entry: what it offers other modules, which import only this file
// (.dependency-cruiser.cjs, rule module-public-entry).
export {
  loadPaymentViews,
  paymentPeopleIds,
  paymentRowJson,
  paymentViewOf,
} from './payment.repository.js';
export type { PaymentRowTuple, PaymentView } from './payment.repository.js';
