import {
  DESCRIPTION_MAX_LENGTH,
  EMOJI_SIZE_PX,
  MAX_ANIMATION_SECONDS,
  MAX_EDITION_SIZE,
  MAX_EMOJI_PER_STICKER,
  MAX_KEYWORDS_LENGTH,
  MAX_KEYWORDS_PER_STICKER,
  MAX_TGS_BYTES,
  MAX_TGS_FPS,
  MAX_VIDEO_STICKER_BYTES,
  MIN_EDITION_SIZE,
  STICKER_SIZE_PX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX_LENGTH,
} from '../constants.js';
import { MAX_DROP_LEAD_DAYS, type DROP_ERRORS } from '../drops.js';
import type { API_ERRORS, MESSAGES } from '../messages.js';
import type { OFFER_ERRORS } from '../offers.js';
import { GIFT_NOTE_MAX_LENGTH, type GIFT_ERRORS } from '../gifts.js';
import { MAX_ROYALTY_BPS, type RESALE_ERRORS } from '../resale.js';
import type { RESERVATION_ERRORS } from '../reservations.js';
import type { STUDIO_ERRORS } from '../studio.js';
import { OPS_NOTE_MAX_LENGTH, REPORT_DETAILS_MAX_LENGTH, type OPS_ERRORS } from '../ops.js';
import { ruCount } from './plural-ru.js';

/** Up to N characters: "до 80 символов", "до 1 символа" (the genitive after "до"). */
const upToChars = (n: number) => `до ${ruCount(n, { one: 'символа', few: 'символов', many: 'символов' })}`;

/** The API's own refusals in Russian, keyed as API_ERRORS (messages.ts) is; the glossary is docs/glossary-ru.md. */
export const API_ERRORS_RU: Record<keyof typeof API_ERRORS, string> = {
  unauthorized: 'Нужно войти в аккаунт',
  invalidToken: 'Сессия недействительна или истекла',
  invalidInitData: 'Неверные данные входа из Telegram',
  staleInitData: 'Данные входа из Telegram устарели',
  invalidRefreshToken: 'Недействительный токен обновления',
  refreshTokenReused: 'Этот токен обновления уже использован; войдите снова',
  creatorsOnly: 'Загружать стикерпаки могут только авторы',
  soldOut: 'Весь тираж этого стикерпака распродан',
  alreadyOwned: 'Этот стикерпак у вас уже есть',
  noCustomEmoji: 'В этом паке нет эмодзи',
  orderNotFound: 'Заказ не найден',
  orderNotPayable: 'Этот заказ уже нельзя оплатить',
  loginCodeExpired: 'Этот код входа истёк или уже использован',
  loginCancelled: 'Вход отменён в Telegram: там выбрали не то число, что было на этой странице. Начните вход заново.',
  demoSignInsEnded: 'Демо-режим выключен: демо-вход больше недоступен',
  sessionNotFound: 'Такой сессии нет: из неё уже вышли или она истекла',
  loginNotConfigured: 'Вход через бота не настроен',
  demoOff: 'Не найдено',
  unsupportedImage: 'Принимаются только изображения PNG, JPEG и GIF',
  imageTooManyPixels: 'Слишком большое разрешение изображения',
  imageUnreadable: 'Не удалось прочитать изображение',
  tooManyFiles: 'Слишком много изображений для одного стикерпака',
  uploadTooLarge: 'Вместе эти изображения слишком велики для одного стикерпака',
  uploadTooManyPixels:
    'Вместе в этих изображениях слишком много пикселей для одного стикерпака; возьмите изображения поменьше',
  uploadsBusy: 'Сейчас обрабатывается слишком много загрузок; попробуйте через минуту',
  fileLinkInvalid: 'Ссылка на файл недействительна или истекла',
  invalidCategory: 'Неизвестная категория',
  titleTooLong: `Название — ${upToChars(TITLE_MAX_LENGTH)}`,
  descriptionTooLong: `Описание — ${upToChars(DESCRIPTION_MAX_LENGTH)}`,
  tooManyTags: `У стикерпака может быть не больше ${ruCount(TAGS_MAX, { one: 'тега', few: 'тегов', many: 'тегов' })}`,
  tagTooLong: `Каждый тег — ${upToChars(TAG_MAX_LENGTH)}`,
  invalidMaxSupply: `Тираж — целое число от ${MIN_EDITION_SIZE} до ${new Intl.NumberFormat('ru-RU').format(MAX_EDITION_SIZE)}`,
  invalidSort: 'Неизвестная сортировка',
  invalidFormatFilter: 'Неизвестный формат',
  invalidAvailability: 'Неизвестный вариант наличия',
  invalidPriceFilter: 'Цена в фильтре — сумма в TON с точкой, например 1.5',
  invalidPriceRange: 'Минимальная цена не может быть выше максимальной',
  invalidCursor: 'Неверный курсор',
  invalidRequest: 'Неверный запрос',
  invalidWebsite: 'Сайт должен быть ссылкой http(s)',
  paymentMethodUnavailable: 'Этот способ оплаты недоступен',
  internal: 'Внутренняя ошибка сервера',
  temporarilyUnavailable: 'Сервис ненадолго недоступен; попробуйте через несколько секунд',
  notFound: 'Не найдено',
  tooManyRequests: 'Слишком много запросов',
  telegramAccountRequired: 'Чтобы добавить стикеры в Telegram, войдите через Telegram',
  telegramSetUnavailable: 'Добавить стикеры в Telegram сейчас нельзя',
  shareMessageUnavailable: 'Поделиться в чат Telegram сейчас нельзя',
  cardAmountTooSmall: 'Цена ниже минимального платежа картой; оплатите в TON',
  orderExpired: 'Срок заказа истёк; оформите покупку заново',
  paymentAmountMismatch: 'Сумма не совпадает с заказом; оформите покупку заново',
  paymentRefundRequired:
    'На ваш платёж не удалось купить экземпляр (тираж распродан или пак уже ваш); деньги возвращаются',
  invalidTonProof: 'Кошелёк не смог подтвердить, что он ваш',
  invalidStripeSignature: 'Неверная подпись Stripe',
  paymentProviderUnavailable: 'Платёжный сервис не отвечает; попробуйте чуть позже',
  starsUnavailable: 'Telegram Stars сейчас недоступны; оплатите в TON',
  animationTooLong: `Анимация должна длиться не дольше ${ruCount(MAX_ANIMATION_SECONDS, { one: 'секунды', few: 'секунд', many: 'секунд' })}`,
  videoTooLarge: `Эта анимация не укладывается в ${MAX_VIDEO_STICKER_BYTES / 1024} КБ даже в худшем качестве; сделайте её короче или проще`,
  tgsTooLarge: `Стикеры TGS — не больше ${MAX_TGS_BYTES / 1024} КБ`,
  tgsCanvas: `У стикеров TGS холст должен быть ${STICKER_SIZE_PX}×${STICKER_SIZE_PX}`,
  tgsEmojiCanvas: `У эмодзи TGS холст должен быть ${EMOJI_SIZE_PX}×${EMOJI_SIZE_PX}`,
  tgsFrameRate: `Стикеры TGS — не больше ${MAX_TGS_FPS} кадров в секунду`,
  tgsInvalid: 'Этот файл TGS — не анимация Lottie',
  tgsTooDeep: 'В этом файле TGS слишком глубокая вложенность для стикера',
  conversionTooSlow: 'Эта анимация конвертируется слишком долго; сделайте её короче, меньше или проще',
  animationTooManyPixels: 'В кадрах этой анимации слишком много пикселей; сделайте её меньше или короче',
  invalidKind: 'kind должен быть "stickers" или "emoji"',
  stickerEmojiInvalid: `Укажите для каждого стикера от 1 до ${MAX_EMOJI_PER_STICKER} эмодзи и ничего больше`,
  invalidEmoji: `emoji — JSON-массив, где для каждого файла по порядку список из 1–${MAX_EMOJI_PER_STICKER} эмодзи`,
  invalidKeywords: `keywords — JSON-массив, где для каждого файла по порядку список не более чем из ${MAX_KEYWORDS_PER_STICKER} ключевых слов, всего ${upToChars(MAX_KEYWORDS_LENGTH)}`,
};

export const RESALE_ERRORS_RU: Record<keyof typeof RESALE_ERRORS, string> = {
  walletRequired: 'Привяжите TON-кошелёк, чтобы получать оплату',
  beingBought: 'Этот экземпляр прямо сейчас покупают',
  noLongerForSale: 'Этот экземпляр больше не продаётся',
  ownEdition: 'Нельзя купить собственный экземпляр',
  tonOnly: 'Перепродажа оплачивается в TON',
  editionNotFound: 'Экземпляр не найден',
  notOwner: 'Этот экземпляр не ваш',
  notListed: 'Этот экземпляр не выставлен на продажу',
  invalidRoyalty: `Роялти автора — от 0 до ${MAX_ROYALTY_BPS / 100} % (${MAX_ROYALTY_BPS} базисных пунктов)`,
};

export const GIFT_ERRORS_RU: Record<keyof typeof GIFT_ERRORS, string> = {
  notFound: 'Подарок не найден',
  pending: 'Этот экземпляр ждёт, когда его заберут как подарок',
  ownGift: 'Нельзя забрать собственный подарок',
  claimed: 'Этот подарок уже забрали',
  closed: 'Этот подарок больше нельзя забрать',
  packRemoved: 'Этот подарок больше нельзя забрать: маркетплейс удалил его стикерпак',
  notSender: 'Отменить подарок может только отправитель',
  onlySenderShares: 'Поделиться подарком может только отправитель',
  noteTooLong: `Подпись к подарку — ${upToChars(GIFT_NOTE_MAX_LENGTH)}`,
  needsBot: 'Подарки отправляются через Telegram-бота, а он здесь не настроен',
};

/** Keyed as OFFER_ERRORS; a text with a value takes it already written (a count, a TON price). */
export const OFFER_ERRORS_RU: {
  [K in keyof typeof OFFER_ERRORS]: (typeof OFFER_ERRORS)[K] extends string ? string : (value: string) => string;
} = {
  ownEdition: 'Нельзя сделать предложение на собственный экземпляр',
  notFound: 'Предложение не найдено',
  noLongerOpen: 'Это предложение уже закрыто',
  notOwner: 'Этот экземпляр не ваш',
  notBidder: 'Отозвать предложение может только тот, кто его сделал',
  editionRequired: 'Выберите, какой из ваших экземпляров продать',
  wrongPack: 'Этот экземпляр не из того стикерпака, на который сделано предложение',
  wrongEdition: 'Это предложение на другой экземпляр',
  ownOffer: 'Нельзя принять собственное предложение',
  tooMany: (max) =>
    `У вас уже ${ruCount(Number(max), { one: 'открытое предложение', few: 'открытых предложения', many: 'открытых предложений' })} — это предел для одного коллекционера. Сначала отзовите одно из них.`,
  priceChanged: (price) => `Теперь это предложение — ${price} TON. Откройте его снова, чтобы принять новую цену.`,
};

export const STUDIO_ERRORS_RU: Record<keyof typeof STUDIO_ERRORS, string> = {
  creatorsOnly: 'Студия есть только у авторов',
  notYourPack: 'Это не ваш стикерпак',
  onlyEditable: 'У стикерпака можно изменить только описание, теги и время дропа',
  nothingToChange: 'Передайте описание, теги или время дропа, которые нужно изменить',
  dropTimeLocked: 'Время дропа можно изменить только до его начала',
  withdrawNeedsWallet: 'Привяжите TON-кошелёк, чтобы вывести баланс',
  nothingToWithdraw: 'Пока нечего выводить',
  balanceOwed: 'Ваш баланс в долгу перед маркетплейсом за возвращённые покупки: сначала его погасят следующие доходы',
  belowPayoutMinimum: 'Доступный баланс меньше минимальной выплаты',
  payoutsOff: 'Выплаты на этом маркетплейсе ещё не настроены',
};

export const RESERVATION_ERRORS_RU: Record<keyof typeof RESERVATION_ERRORS, (value: string) => string> = {
  tooMany: (max) =>
    `У вас уже ${ruCount(Number(max), { one: 'неоплаченная бронь', few: 'неоплаченные брони', many: 'неоплаченных броней' })}. Оплатите одну или дождитесь, пока она истечёт, прежде чем бронировать снова.`,
  coolingDown: (minutes) =>
    `В последнее время слишком много ваших броней осталось без оплаты. Бронировать снова можно через ${minutes} мин.`,
};

export const DROP_ERRORS_RU: {
  [K in keyof typeof DROP_ERRORS]: (typeof DROP_ERRORS)[K] extends string ? string : (value: string) => string;
} = {
  perUserLimit: 'У вас уже максимум экземпляров этого стикерпака на одного коллекционера',
  notOpenYet: (at) => `Этот дроп откроется ${at}`,
  alreadyOpen: 'Этот дроп уже открыт',
  invalidMaxPerUser: 'Экземпляров на коллекционера — целое число от 1 до размера тиража',
  invalidDropsAt: `Время дропа — дата и время в будущем, не дальше чем через ${ruCount(MAX_DROP_LEAD_DAYS, { one: 'день', few: 'дня', many: 'дней' })}`,
};

/**
 * SPEC's texts (MESSAGES) that core and the API also refuse with: a missing or too large file, a missing title,
 * a bad price, a gone pack, signing in to like, buy or download.
 */
export const MESSAGE_ERRORS_RU = {
  imageRequired: 'Выберите файл изображения',
  titleRequired: 'Введите название',
  likeRequiresLogin: 'Войдите, чтобы ставить лайки стикерпакам',
  downloadRequiresLogin: 'Войдите, чтобы скачивать стикерпаки',
  buyRequiresLogin: 'Войдите, чтобы покупать стикеры',
  fileTooLarge: 'Файл должен быть меньше 5 МБ',
  priceInvalid: 'Введите корректную цену',
  packNotFound: 'Стикерпак не найден',
  downloadRequiresPurchase: 'Сначала купите этот стикерпак',
} as const satisfies Partial<Record<keyof typeof MESSAGES, string>>;

/** The operator's desk and what it refuses (ops.ts). */
export const OPS_ERRORS_RU: Record<keyof typeof OPS_ERRORS, string> = {
  operatorsOnly: 'Это доступно только операторам маркетплейса',
  reportOpen: 'Вы уже пожаловались на этот стикерпак; маркетплейс разбирается',
  reportDetailsTooLong: `В жалобе — ${upToChars(REPORT_DETAILS_MAX_LENGTH)}`,
  noteTooLong: `В заметке — ${upToChars(OPS_NOTE_MAX_LENGTH)}`,
  packRemoved: 'Этот стикерпак удалён маркетплейсом',
  packAlreadyRemoved: 'Этот стикерпак уже снят',
  packNotRemoved: 'Этот стикерпак не снят',
  banned: 'Этот аккаунт заблокирован на маркетплейсе',
  alreadyBanned: 'Этот аккаунт уже заблокирован',
  notBanned: 'Этот аккаунт не заблокирован',
  userNotFound: 'Пользователь не найден',
  refundNotRetryable: 'Повторить можно только ожидающий или неудавшийся возврат',
  payoutNotHeld: 'Эта выплата не ждёт оператора',
};
