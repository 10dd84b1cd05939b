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
