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
offer-lapsed = Ваше предложение { $price } TON за { $target } закрыто: экземпляр сменил владельца.

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
refund-how-ton_wallet = TON уже возвращается на кошелёк, с которого пришёл платёж; когда он поступит, мы напишем.
refund-how-ton = Поддержка Stickerdrop вернёт TON на кошелёк, с которого он пришёл. Если есть вопросы, отправьте /paysupport.
refund-how-demo = Это был демо-платёж, поэтому ничего не списано.

# Деньги, отправленные кошельком маркетплейса, когда блокчейн показал, что они дошли.
payout-paid = Выплачено { $amount } TON на ваш кошелёк.
refund-paid = Возвращено { $amount } TON на кошелёк, с которого пришёл платёж.
refund-paid-for = Возвращено { $amount } TON за <b>{ $title }</b> на кошелёк, с которого пришёл платёж.
payout-transaction-link = Посмотреть транзакцию

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
set-pack-removed = Маркетплейс удалил этот стикерпак, поэтому набор стикеров из него не создаётся.
# Общие тексты приложения (SPEC §8).
something-went-wrong = Что-то пошло не так. Попробуйте ещё раз.
pack-not-found =
    <b>Стикерпак не найден</b>
    Такого стикерпака нет или он был удалён.
became-creator =
    Теперь вы автор!
    Отправьте /newpack, чтобы загрузить свой первый стикерпак.
become-creator-failed = Не удалось стать автором
creating = Создаём…
sticker-created = Стикерпак создан!
create-failed = Не удалось создать стикерпак. Попробуйте ещё раз.
creator-access-required =
    <b>Нужен доступ автора</b>
    Загружать стикерпаки могут только авторы. Стать автором можно ниже — это одно нажатие.

    Или отправьте /becomecreator.

# Кнопки и короткие ответы.
open = Открыть
open-edition = Открыть экземпляр
pay-order = Оплатить
confirm = Подтвердить
cancel = Отмена
cancelled = Отменено.
nothing-to-cancel = Отменять нечего.
stale-button = Эта кнопка больше не действует.
press-a-button = Воспользуйтесь кнопками выше или отправьте /cancel.
text-expected = Отправьте, пожалуйста, текст.
send-start-again = Отправьте /start и попробуйте ещё раз.

# Ссылки на бота.
order-link = Откройте заказ в приложении, чтобы оплатить его.
gift-start = Вам подарили экземпляр стикерпака. Откройте его в приложении, чтобы забрать.
open-gift = Открыть подарок
edition-not-found = Такого экземпляра нет.

# Вход в браузере: /start login_<код>. $started — время, $ago — сколько прошло.
login-ask =
    <b>Браузер просит войти в Stickerdrop от вашего имени.</b>

    Продолжайте, только если вы сами только что открыли страницу входа. Если эту ссылку вам кто-то прислал, ничего не нажимайте: тот, у кого открыта эта страница, получит доступ к вашему аккаунту.

    Вход начат: { $started } ({ $ago }).

    Нажмите число, которое показывает страница входа. Любое другое число отменит вход.
ago-minutes =
    { $minutes ->
        [0] только что
        [one] { $minutes } минуту назад
        [few] { $minutes } минуты назад
       *[many] { $minutes } минут назад
    }
login-confirmed =
    <b>Вход в браузере выполнен.</b>
    Вернитесь в него: Stickerdrop уже открыт.
login-cancelled =
    <b>Вход отменён.</b>
    Это не то число, что показывала страница, поэтому ни один браузер не вошёл. Чтобы войти, начните заново на странице входа.
login-expired =
    Этот код входа истёк или уже использован.
    Вернитесь в браузер и снова нажмите «Войти через Telegram», чтобы получить новую ссылку.
login-signed-in = Вход выполнен
login-cancelled-short = Вход отменён

# /sessions
sessions-none = Ни в одном браузере или приложении не выполнен вход в Stickerdrop от вашего имени.
sessions-title = <b>Где выполнен вход ({ $total })</b>
session-times = вход { $signedIn }, последняя активность { $lastUsed }
sessions-more = …и ещё { $count }: полный список — в профиле в приложении.
sessions-footer =
    Завершите те, которые вы не узнаёте: такой сеанс больше не обновится и закончится в течение { $minutes ->
        [one] { $minutes } минуты
       *[other] { $minutes } минут
    }.
sign-in-via-telegram = Мини-приложение в Telegram
sign-in-via-bot = Браузер, вход через бота
sign-in-via-demo = Демо-вход
sign-in-via-unknown = Вход выполнен ранее
sign-out-button = Выйти: { $index }
session-signed-out = Сеанс завершён
session-gone = Этот сеанс уже завершён

help =
    <b>Stickerdrop</b> — стикерпаки лимитированными тиражами, цены в TON.

    /start — открыть маркетплейс
    /becomecreator — стать автором и продавать свои стикерпаки
    /sessions — где выполнен вход и как выйти
    /newpack — загрузить новый стикерпак (для авторов)
    /cancel — отменить текущее действие
    /paysupport — помощь с оплатой

    Поделиться стикерпаком можно в любом чате: введите @{ $bot } и несколько слов из его названия.
pay-support =
    <b>Помощь с оплатой</b>

    За каждую покупку в этот чат приходит чек с номером заказа и экземпляра.
    Оплата, пришедшая после того, как тираж распродан, или повторная оплата уже оплаченного заказа возвращается автоматически туда, откуда пришла.
    С любой другой проблемой с оплатой напишите в поддержку Stickerdrop и укажите номер заказа из чека.

# /becomecreator
already-creator = Вы уже автор. Отправьте /newpack, чтобы загрузить стикерпак.
ask-display-name = Какое имя коллекционеры увидят на ваших стикерпаках? Отправьте его.
display-name-required = Введите имя.
ask-bio = Теперь пара слов о себе (одно-два предложения) или /skip.
confirm-creator =
    <b>Стать автором?</b>

    Имя: { $name }
    О себе: { $bio }

# /newpack
ask-images = Отправьте стикеры пака, по одному в сообщении: PNG, JPEG, WEBP, GIF или MP4 как фото, анимацию или файл, файлы .tgs и .webm или стикеры, пересланные из любого набора, до 5 МБ каждый (не больше { $max }). Когда отправите все, отправьте /done.
image-accepted =
    { $count ->
        [one] Принято: { $count } стикер. Отправьте ещё или /done.
        [few] Принято: { $count } стикера. Отправьте ещё или /done.
       *[many] Принято: { $count } стикеров. Отправьте ещё или /done.
    }
ask-sticker-emoji = Какой эмодзи подходит этому стикеру? Отправьте от 1 до { $max } эмодзи или /skip — тогда будет { $emoji }.
sticker-emoji-invalid = Отправьте только эмодзи, от 1 до { $max }.
images-full = Больше в один пак не поместится ({ $max }).
ask-title = Как называется стикерпак?
ask-description = Описание стикерпака или /skip.
ask-price = Цена в TON (не меньше { $min }, с шагом 0,01)?
ask-category = Выберите категорию:
choose-category = Выберите категорию кнопками.
ask-edition-size = Сколько экземпляров в тираже ({ $min }–{ $max })?
edition-size-invalid = Отправьте целое число от { $min } до { $max }.
ask-royalty = Ваше роялти с каждой перепродажи, в % (0–10), или /skip — тогда 5 %.
ask-max-per-user = Сколько экземпляров может быть у одного коллекционера (целое число), или /skip — без ограничений.
ask-drops-at = Когда откроется дроп? Отправьте дату и время в UTC, например <code>2026-12-01 18:00</code>, или /skip, чтобы начать продажи сразу.
pack-summary =
    <b>Новый стикерпак</b>

    Название: { $title }
    Описание: { $description }
    Стикеров: { $images }
    Цена: { $price } TON
    Категория: { $category }
    Тираж: { $maxSupply }
    Роялти с перепродаж: { $royalty } %
    На одного коллекционера: { $maxPerUser }
    Дроп: { $drop }
no-limit = без ограничений
on-sale-at-once = продажи сразу
category-general = Разное
category-animals = Животные
category-emotions = Эмоции
category-food = Еда
category-nature = Природа
category-objects = Предметы
category-people = Люди
category-symbols = Символы

# Карточка стикерпака (ссылка /start pack, встроенный поиск).
pack-by = автор: { $creator }
pack-price = Цена: { $price } TON
supply-left = Осталось { $left } из { $maxSupply } · лимитированный тираж
pack-result-description = { $price } TON · { $supply }
sold-out = Распродан
emoji-pack = Набор эмодзи
sticker-pack = Стикерпак
animated = анимированный
drop-opens-at = Дроп откроется { $at }
per-user-cap = Не больше { $max } в одни руки
notify-me = 🔔 Сообщить о старте
stop-notifying = 🔕 Не сообщать
notify-on = Мы напишем вам в Telegram, когда дроп откроется.
notify-off = Мы не будем сообщать об этом дропе.

# Экземпляр (ссылка /start edition, встроенный поиск).
edition-card =
    <b>{ $title }</b> — экземпляр № { $serial } из { $maxSupply }
    Владелец: { $owner }
    { $sale }
for-sale = Продаётся за { $price } TON
not-for-sale = Не выставлен на продажу
owned-by = Владелец: { $owner }
edition-result-title = { $title } № { $serial }

# Вторичный рынок, из очереди сообщений.
resale-receipt =
    <b>Покупка прошла успешно! Теперь стикерпак можно скачать.</b>

    { $title } — экземпляр № { $serial } из { $maxSupply }, у коллекционера
    Оплачено: { $price } TON
    Заказ: <code>{ $orderId }</code>
resale-sold = <b>Продано!</b> { $title } — экземпляр № { $serial } за { $price } TON. На ваш кошелёк пришло { $sellerShare } TON (роялти автора { $royalty }, комиссия { $fee }).
resale-royalty-held = <b>Роялти:</b> экземпляр № { $serial } «{ $title }» перепродан за { $price } TON; ваше роялти { $royalty } TON ждёт вас. Привяжите TON-кошелёк в профиле, чтобы получать роялти напрямую.
resale-royalty-paid = <b>Роялти:</b> экземпляр № { $serial } «{ $title }» перепродан за { $price } TON; ваше роялти { $royalty } TON отправлено на ваш кошелёк.
resale-failed = Ваш платёж за «{ $title }» № { $serial } пришёл не целиком, поэтому экземпляр не сменил владельца. Поддержка Stickerdrop разберётся; отправьте /paysupport с номером заказа <code>{ $orderId }</code>.
reservation-released = Продавец снял «{ $title }» № { $serial } с продажи, поэтому ваша бронь снята. Ничего не списано. Если вы уже отправили оплату, напишите /paysupport — её вернут.
edition-revoked = Telegram вернул вам { $stars ->
        [one] { $stars } звезду
        [few] { $stars } звезды
       *[many] { $stars } звёзд
    } за «{ $title }», поэтому экземпляр № { $serial } из { $maxSupply } больше не ваш и снова выставлен на продажу.
sticker-set-ready =
    Ваш набор стикеров <b>{ $title }</b> готов в Telegram.
    { $url }

# Ответы владельцу на кнопки предложения в чате.
offer-you-accepted = Принято. У покупателя есть время до { $payBy }, чтобы оплатить; до тех пор экземпляр забронирован.
offer-you-declined = Отклонено. Мы сообщили об этом покупателю.
offer-accept-in-app = Здесь предложения принимаются в приложении.

# Маркетплейс снял стикерпак (пульт оператора): автору, владельцам и тем, кто делал предложения.
pack-removed-creator = Маркетплейс удалил ваш стикерпак <b>{ $title }</b>: { $why }. Его больше не показывают и не продают; владельцы сохраняют свои экземпляры.
pack-removed-owner = Маркетплейс удалил <b>{ $title }</b>: { $why }. Ваш экземпляр остаётся в коллекции с пометкой «удалён», но продать, предложить или подарить его больше нельзя.
pack-removed-bidder = Ваше предложение на <b>{ $title }</b> закрыто: маркетплейс удалил стикерпак ({ $why }).
pack-removed-refunds-creator = Все покупки этого стикерпака возвращаются покупателям, а ещё не выплаченные вам начисления за него списываются.
pack-removed-refunds-owner = Деньги за ваш экземпляр возвращаются тем же способом, которым вы платили, а ваш набор стикеров в Telegram удалён.
pack-removed-why-copyright = на него пожаловались как на нарушение авторских прав
pack-removed-why-offensive = он признан оскорбительным
pack-removed-why-scam = он признан мошенническим
pack-removed-why-other = он нарушает правила маркетплейса
pack-removed-why-creator_banned = аккаунт его автора заблокирован
refund-why-taken_down = был за стикерпак, который маркетплейс удалил из-за нарушения авторских прав
refund-why-pack_removed = был за стикерпак, который маркетплейс снял с продажи

# Жалоба на стикерпак с его карточки в чате.
report-pack = ⚑ Пожаловаться
report-why = Почему вы жалуетесь на <b>{ $title }</b>? Операторы маркетплейса посмотрят.
report-reason-copyright = Копирует чужую работу
report-reason-offensive = Оскорбительный
report-reason-scam = Мошенничество
report-reason-other = Другое
report-filed = Спасибо: ваша жалоба отправлена маркетплейсу.

# Пользователь, которого маркетплейс заблокировал, что бы он ни прислал.
banned-account = Ваш аккаунт заблокирован на маркетплейсе, поэтому бот ничего не может для вас сделать: ни покупок, ни жалоб, ни новых стикерпаков. Если вы уже что-то оплатили, отправьте /paysupport.
