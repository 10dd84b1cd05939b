# Тексты бота на русском. Слова рынка — по docs/glossary-ru.md. Тексты в HTML (parse_mode HTML).

welcome =
    <b>Добро пожаловать в Stickerdrop!</b>

    Находите уникальные стикерпаки, создавайте свои и торгуйте с коллекционерами со всего мира.

    • Лимитированные тиражи
    • Вторичный рынок
    • Инструменты для авторов
open-app = Открыть Stickerdrop
open-pack = Открыть пак
bad-link = Эта ссылка недействительна, поэтому открываем маркетплейс.

receipt =
    <b>Покупка прошла успешно! Теперь стикерпак можно скачать.</b>

    { $title } — экземпляр № { $serial } из { $maxSupply }
    Оплачено: { $amount } TON
    Заказ: <code>{ $orderId }</code>
sale-notice = <b>Продано!</b> { $title } — экземпляр № { $serial } из { $maxSupply } за { $amount } TON.
drop-opened = <b>Дроп открыт!</b> { $title } уже в продаже. Номера экземпляров выдаются в порядке подтверждения оплат: первая подтверждённая оплата получает № 1, следующая — № 2 и так далее.
buy-now = Купить

cmd-start = Открыть маркетплейс
cmd-becomecreator = Стать автором
cmd-newpack = Загрузить новый стикерпак
cmd-sessions = Где выполнен вход
cmd-cancel = Отменить текущее действие
cmd-help = Что умеет этот бот
cmd-paysupport = Помощь с оплатой

# Предложения: владельцу и тому, кто сделал предложение. $target — offer-target-any или offer-target-serial.
offer-target-any = любой экземпляр «{ $title }»
offer-target-serial = № { $serial } «{ $title }»
offer-received = <b>Новое предложение: { $price } TON за { $target }</b>
offer-received-from = От { $bidder }, действует до { $until }.
offer-received-receive = Вы получите { $receive } TON за вычетом роялти автора и комиссии.
offer-your-listing = Ваш лот: { $price } TON
offer-floor = Минимальная цена (флор): { $price } TON
offer-received-sells = Приняв его, вы продадите свой № { $serial }.
offer-accept = Принять
offer-accept-serial = Принять за № { $serial }
offer-decline = Отклонить
offer-accepted = <b>Предложение принято:</b> { $target } за { $price } TON. Оплатите до { $payBy }, чтобы он стал вашим.
offer-declined = Ваше предложение { $price } TON за { $target } отклонено.
offer-expired = Срок вашего предложения { $price } TON за { $target } истёк.

# Возвраты: { $what } { $why }, затем — как вернутся деньги.
refund-notice =
    { $what } { $why }, поэтому экземпляр не куплен.
    { $how }
refund-your-payment = Ваш платёж
refund-your-payment-for = Ваш платёж за <b>{ $title }</b>
refund-why-sold_out = пришёл после того, как бронь истекла, а последние экземпляры за это время раскупили
refund-why-already_owned = был за стикерпак, который у вас уже есть
refund-why-duplicate_payment = оказался повторной оплатой уже оплаченного заказа
refund-why-listing_gone = пришёл после того, как бронь истекла, а экземпляр уже не продавался по этой цене
refund-why-offer_gone = пришёл после того, как бронь истекла, а экземпляр вам уже недоступен
refund-why-underpaid = меньше суммы заказа
refund-why-unmatched = не подходит ни к одному заказу
refund-why-other = не смог купить экземпляр
refund-how-stars = Звёзды вернулись на ваш баланс в Telegram.
refund-how-stripe = Деньги вернулись на вашу карту; банку нужно 5–10 дней, чтобы это отразить.
refund-how-ton = Поддержка Stickerdrop вернёт TON на кошелёк, с которого он пришёл. Если есть вопросы, отправьте /paysupport.
refund-how-demo = Это был демо-платёж, поэтому ничего не списано.

gift-received =
    <b>Вам подарок!</b>

    { $title } — экземпляр № { $serial } из { $maxSupply } от { $sender }.
gift-received-hidden =
    <b>Вам подарок!</b>

    { $title } — экземпляр № { $serial } из { $maxSupply }. Отправитель решил не называть себя.
gift-note = Подпись: { $note }
gift-claimed = <b>Ваш подарок забрали.</b> { $title } — экземпляр № { $serial } из { $maxSupply } теперь у { $recipient }.
gift-link = Куплено в подарок: отправьте эту ссылку тому, кому он предназначен. Подарок дождётся, пока его заберут. { $link }
add-to-telegram = Добавить в Telegram
set-on-its-way = Набор стикеров уже готовится: бот пришлёт ссылку через минуту.
set-not-owned = У вас больше нет экземпляра этого стикерпака.
