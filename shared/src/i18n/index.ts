export { ruCount, type RuForms } from './plural-ru.js';
export {
  API_ERRORS_RU,
  DROP_ERRORS_RU,
  GIFT_ERRORS_RU,
  MESSAGE_ERRORS_RU,
  OFFER_ERRORS_RU,
  RESALE_ERRORS_RU,
  RESERVATION_ERRORS_RU,
  STUDIO_ERRORS_RU,
} from './errors.ru.js';
export { tonAmountIn } from './money.js';
export { errorTextIn } from './error-text.js';
