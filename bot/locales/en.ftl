# The bot's English texts. SPEC's texts (the home tagline, the feature blurbs, "Purchase successful!…") are
# copied here exactly; bot/test/i18n.test.ts checks them against shared/ so the two never drift apart.
# Texts are HTML (parse_mode HTML); values made by users come in already escaped.

welcome =
    <b>Welcome to Stickerdrop!</b>

    Discover unique designs, create your own and trade with collectors worldwide.

    • Limited Editions
    • Resale Market
    • Creator Tools
open-app = Open Stickerdrop
open-pack = Open pack
bad-link = That link isn't valid, so here is the marketplace instead.

receipt =
    <b>Purchase successful! You can now download your sticker pack.</b>

    { $title } — edition #{ $serial } of { $maxSupply }
    Paid: { $amount } TON
    Order: <code>{ $orderId }</code>
sale-notice = <b>Sold!</b> { $title } — edition #{ $serial } of { $maxSupply } for { $amount } TON.
drop-opened = <b>The drop is open!</b> { $title } is on sale now. Serials go in the order payments settle: the first payment confirmed gets #1, the next #2, and so on.
buy-now = Buy now

cmd-start = Open the marketplace
cmd-becomecreator = Become a creator
cmd-newpack = Upload a new sticker pack
cmd-sessions = Where you are signed in
cmd-cancel = Stop what you are doing
cmd-help = What this bot can do
cmd-paysupport = Help with a payment

# Offers, to the owner and to the bidder. $target is offer-target-any or offer-target-serial.
offer-target-any = any edition of { $title }
offer-target-serial = #{ $serial } of { $title }
offer-received = <b>New offer: { $price } TON for { $target }</b>
offer-received-from = From { $bidder }, open until { $until }.
offer-received-receive = You receive { $receive } TON after the creator’s royalty and the fee.
offer-your-listing = Your listing: { $price } TON
offer-floor = Floor: { $price } TON
offer-received-sells = Accepting sells your #{ $serial }.
offer-accept = Accept
offer-accept-serial = Accept for #{ $serial }
offer-decline = Decline
offer-accepted = <b>Offer accepted:</b> { $target } for { $price } TON. Pay by { $payBy } to make it yours.
offer-declined = Your offer of { $price } TON for { $target } was declined.
offer-expired = Your offer of { $price } TON for { $target } expired.
offer-lapsed = Your offer of { $price } TON for { $target } is closed: the edition changed hands.

# Refunds: { $what } { $why }, then how the money goes back.
refund-notice =
    { $what } { $why }, so no edition was bought.
    { $how }
refund-your-payment = Your payment
refund-your-payment-for = Your payment for <b>{ $title }</b>
refund-why-sold_out = arrived after its reservation ran out, and the last editions had been sold meanwhile
refund-why-already_owned = was for a pack you already own
refund-why-duplicate_payment = was a second payment for an order that was already paid
refund-why-listing_gone = arrived after its reservation ran out, and the edition was no longer for sale at that price
refund-why-offer_gone = arrived after its reservation ran out, and the edition was no longer available to you
refund-why-underpaid = was less than the price of the order
refund-why-unmatched = did not match any order
refund-why-other = could not buy an edition
refund-how-stars = The Stars have been refunded to your Telegram balance.
refund-how-stripe = It has been refunded to your card; banks take 5–10 days to show it.
refund-how-ton_wallet = The TON is on its way back to the wallet it came from; you will get a message when it arrives.
refund-how-ton = Stickerdrop support will send the TON back to the wallet it came from. Send /paysupport if you have questions.
refund-how-demo = It was a demo payment, so nothing was charged.

# Money the marketplace's own wallet sent, once the chain shows it arrived.
payout-paid = Paid { $amount } TON to your wallet.
refund-paid = Refunded { $amount } TON to the wallet your payment came from.
refund-paid-for = Refunded { $amount } TON for <b>{ $title }</b> to the wallet your payment came from.
payout-transaction-link = View the transaction

gift-received =
    <b>You received a gift!</b>

    { $title } — edition #{ $serial } of { $maxSupply }, from { $sender }.
gift-received-hidden =
    <b>You received a gift!</b>

    { $title } — edition #{ $serial } of { $maxSupply }. The sender chose to stay hidden.
gift-note = Their note: { $note }
gift-claimed = <b>Your gift was claimed.</b> { $recipient } now owns { $title } — edition #{ $serial } of { $maxSupply }.
gift-link = Bought as a gift: send this link to the person it is for. It waits for them until they claim it. { $link }
add-to-telegram = Add to Telegram
set-on-its-way = Your sticker set is on its way: the bot will send its link in a moment.
set-not-owned = You do not own an edition of this pack any more.
set-pack-removed = The marketplace removed this pack, so no sticker set is made of it.
# Shared texts of SPEC §8, as shared/ MESSAGES holds them (bot/test/i18n.test.ts compares them).
something-went-wrong = Something went wrong. Please try again.
pack-not-found =
    <b>Sticker pack not found</b>
    The sticker pack you're looking for doesn't exist or has been removed.
became-creator =
    You are now a creator!
    Send /newpack to upload your first pack.
become-creator-failed = Failed to become creator
creating = Creating...
sticker-created = Sticker created successfully!
create-failed = Failed to create sticker. Please try again.
creator-access-required =
    <b>Creator Access Required</b>
    You need creator access to upload stickers. Become a creator below: it takes one tap.

    Or send /becomecreator.

# Buttons and short answers.
open = Open
open-edition = Open edition
pay-order = Pay
confirm = Confirm
cancel = Cancel
cancelled = Cancelled.
nothing-to-cancel = There is nothing to cancel.
stale-button = This button has expired.
press-a-button = Please use the buttons above, or /cancel.
text-expected = Please send text.
send-start-again = Please send /start and try again.

# Deep links.
order-link = Open the order in the app to pay for it.
gift-start = Someone sent you a sticker edition. Open it in the app to claim it.
open-gift = Open the gift
edition-not-found = That edition does not exist.

# Sign-in from a browser: /start login_<code>. $started is a time, $ago how long ago.
login-ask =
    <b>A browser is asking to sign in to Stickerdrop as you.</b>

    Only continue if you opened the sign-in page yourself, just now. If someone sent you this link, tap nothing: whoever has that page open would get your account.

    Sign-in started: { $started } ({ $ago }).

    Tap the number the sign-in page shows. Any other number cancels the sign-in.
ago-minutes =
    { $minutes ->
        [0] just now
        [one] 1 minute ago
       *[other] { $minutes } minutes ago
    }
login-confirmed =
    <b>Your browser is now signed in.</b>
    Go back to it: Stickerdrop is ready there.
login-cancelled =
    <b>Sign-in cancelled.</b>
    That was not the number the page showed, so no browser was signed in. To sign in, start again on the sign-in page.
login-expired =
    This sign-in code has expired or was already used.
    Go back to the browser and choose Continue with Telegram again for a new link.
login-signed-in = Signed in
login-cancelled-short = Sign-in cancelled

# /sessions
sessions-none = No browser or app is signed in to Stickerdrop as you.
sessions-title = <b>Where you are signed in ({ $total })</b>
session-times = signed in { $signedIn }, last used { $lastUsed }
sessions-more = …and { $count } more: the profile in the app lists them all.
sessions-footer = Sign out any you do not recognise: it can no longer refresh, and ends within { $minutes } minutes.
sign-in-via-telegram = Telegram mini-app
sign-in-via-bot = Web browser, signed in through the bot
sign-in-via-demo = Demo sign-in
sign-in-via-unknown = Signed in earlier
sign-out-button = Sign out { $index }
session-signed-out = Signed out
session-gone = That session has already ended

help =
    <b>Stickerdrop</b> — limited-edition sticker packs, priced in TON.

    /start — open the marketplace
    /becomecreator — become a creator and sell your own packs
    /sessions — where you are signed in, and signing out
    /newpack — upload a new pack (creators)
    /cancel — stop what you are doing
    /paysupport — help with a payment

    Share a pack in any chat: type @{ $bot } and a few words of its title.
pay-support =
    <b>Payment support</b>

    Every purchase gets a receipt in this chat with its order number and edition.
    A payment that arrives after a pack sold out, or a second payment for an order that was already paid, is refunded automatically to where it came from.
    For any other problem with a payment, contact Stickerdrop support and include the order number from your receipt.

# /becomecreator
already-creator = You are already a creator. Send /newpack to upload a pack.
ask-display-name = What name should collectors see on your packs? Send your display name.
display-name-required = Please enter a display name.
ask-bio = Now a short bio (a sentence or two), or /skip.
confirm-creator =
    <b>Become a creator?</b>

    Name: { $name }
    Bio: { $bio }

# /newpack
ask-images = Send the stickers of your pack, one message each: PNG, JPEG, WEBP, GIF or MP4 as photos, animations or files, .tgs and .webm files, or stickers forwarded from any set, up to 5 MB each (at most { $max }). Send /done when you have sent them all.
image-accepted =
    { $count ->
        [one] Got it: { $count } sticker. Send more, or /done.
       *[other] Got it: { $count } stickers. Send more, or /done.
    }
ask-sticker-emoji = Which emoji does this sticker stand for? Send 1 to { $max } emoji, or /skip for { $emoji }.
sticker-emoji-invalid = Please send only emoji, 1 to { $max } of them.
images-full = That is the most one pack can hold ({ $max }).
ask-title = What is the title of the pack?
ask-description = A description of the pack, or /skip.
ask-price = The price in TON (at least { $min }, in steps of 0.01)?
ask-category = Choose a category:
choose-category = Please choose a category with the buttons.
ask-edition-size = How many editions ({ $min }–{ $max })?
edition-size-invalid = Please send a whole number from { $min } to { $max }.
ask-royalty = Your royalty on every resale, in % (0–10), or /skip for 5 %.
ask-max-per-user = The most editions one collector may hold (a whole number), or /skip for no limit.
ask-drops-at = When does the drop open? Send a UTC date and time like <code>2026-12-01 18:00</code>, or /skip to sell at once.
pack-summary =
    <b>New pack</b>

    Title: { $title }
    Description: { $description }
    Stickers: { $images }
    Price: { $price } TON
    Category: { $category }
    Editions: { $maxSupply }
    Resale royalty: { $royalty } %
    Per collector: { $maxPerUser }
    Drop: { $drop }
no-limit = no limit
on-sale-at-once = on sale at once
category-general = General
category-animals = Animals
category-emotions = Emotions
category-food = Food
category-nature = Nature
category-objects = Objects
category-people = People
category-symbols = Symbols

# The pack card (a /start pack link, inline results).
pack-by = by { $creator }
pack-price = Price: { $price } TON
supply-left = { $left } of { $maxSupply } left · limited edition
pack-result-description = { $price } TON · { $supply }
sold-out = Sold out
emoji-pack = Custom emoji pack
sticker-pack = Sticker pack
animated = animated
drop-opens-at = Drop opens at { $at }
per-user-cap = Up to { $max } per collector
notify-me = 🔔 Notify me
stop-notifying = 🔕 Stop notifying me
notify-on = We will message you in Telegram when the drop opens.
notify-off = You will not be notified about this drop.

# An edition (a /start edition link, inline sharing).
edition-card =
    <b>{ $title }</b> — edition #{ $serial } of { $maxSupply }
    Owned by { $owner }
    { $sale }
for-sale = For sale: { $price } TON
not-for-sale = Not for sale
owned-by = Owned by { $owner }
edition-result-title = { $title } #{ $serial }

# Resale, from the outbox.
resale-receipt =
    <b>Purchase successful! You can now download your sticker pack.</b>

    { $title } — edition #{ $serial } of { $maxSupply }, from a collector
    Paid: { $price } TON
    Order: <code>{ $orderId }</code>
resale-sold = <b>Sold!</b> { $title } — edition #{ $serial } for { $price } TON. You received { $sellerShare } TON in your wallet (creator royalty { $royalty }, fee { $fee }).
resale-royalty-held = <b>Royalty:</b> edition #{ $serial } of { $title } was resold for { $price } TON; your royalty of { $royalty } TON is held for you. Link a TON wallet in your profile to receive royalties directly.
resale-royalty-paid = <b>Royalty:</b> edition #{ $serial } of { $title } was resold for { $price } TON; your royalty of { $royalty } TON was paid to your wallet.
resale-failed = Your payment for { $title } #{ $serial } did not carry every part of the price, so the edition did not change hands. Stickerdrop support will look into it; send /paysupport with order <code>{ $orderId }</code>.
reservation-released = The seller took { $title } #{ $serial } off sale, so your reservation was released. Nothing was charged. If you had already sent a payment, send /paysupport and it will be returned.
edition-revoked = Telegram refunded the { $stars } Stars you paid for { $title }, so edition #{ $serial } of { $maxSupply } is no longer yours and has gone back on sale.
sticker-set-ready =
    Your sticker set <b>{ $title }</b> is ready in Telegram.
    { $url }

# Offers answered in the chat, to the owner.
offer-you-accepted = Accepted. The buyer has until { $payBy } to pay; until then the edition is held.
offer-you-declined = Declined. The bidder has been told.
offer-accept-in-app = Offers can be accepted in the app here.

# The marketplace took a pack down (the operator's desk), to its creator, its owners and its bidders.
pack-removed-creator = The marketplace removed your pack <b>{ $title }</b>: { $why }. It is no longer shown or sold; its owners keep their editions.
pack-removed-owner = The marketplace removed <b>{ $title }</b>: { $why }. Your edition stays in your collection, marked removed, but it can no longer be sold, offered on or gifted.
pack-removed-bidder = Your offer on <b>{ $title }</b> was closed: the marketplace removed the pack ({ $why }).
pack-removed-refunds-creator = Every purchase of it is being refunded to its buyer in full, and what you received for it is taken back from your balance: shares paid to your wallet become a debt your next earnings pay back.
pack-removed-refunds-owner = What you paid for your edition is being refunded the way you paid, and your Telegram sticker set of it has been deleted.
pack-removed-why-copyright = it was reported as infringing someone's copyright
pack-removed-why-offensive = it was found offensive
pack-removed-why-scam = it was found to be a scam
pack-removed-why-other = it breaks the marketplace's rules
pack-removed-why-creator_banned = its creator's account was banned
refund-why-taken_down = was for a pack the marketplace removed for copyright
refund-why-pack_removed = was for a pack the marketplace had removed from sale

# Reporting a pack from its card in the chat.
report-pack = ⚑ Report
report-why = Why are you reporting <b>{ $title }</b>? The marketplace's operators will look at it.
report-reason-copyright = It copies someone's work
report-reason-offensive = It is offensive
report-reason-scam = It is a scam
report-reason-other = Something else
report-filed = Thank you: your report was sent to the marketplace.
report-too-many = You have sent many reports lately. Please try again later.

# A user the marketplace banned, whatever they send.
banned-account = Your account is banned from the marketplace, so the bot cannot do anything for you here: no purchases, reports or new packs. For a payment you already made, send /paysupport.
