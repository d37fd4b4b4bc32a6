// The server's languages (issue #32): translators per recipient and Intl formatting in their
// locale and time zone. See docs/i18n/server.md.
export { CATALOGS } from './catalogs.js';
export { formatDate, formatDateTime, formatMoney } from './format.js';
export {
  recipientLocale,
  requestLocale,
  translatorFor,
  translatorForRecipient,
} from './translator.js';
export type { MessageValues, Translator } from './translator.js';
export { categoryName } from './category-names.js';
