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
refund-how-ton = Stickerdrop support will send the TON back to the wallet it came from. Send /paysupport if you have questions.
refund-how-demo = It was a demo payment, so nothing was charged.

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
