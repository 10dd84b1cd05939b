/** The creator studio's refusals (the mini-app's words are in its studio catalogue). */
export const STUDIO_ERRORS = {
  creatorsOnly: 'Only creators have a studio',
  notYourPack: 'This pack is not yours',
  onlyEditable: 'Only the description, tags and drop time of a pack can change',
  nothingToChange: 'Send a description, tags or a drop time to change',
  dropTimeLocked: 'The drop time can only change before the drop opens',
  withdrawNeedsWallet: 'Link a TON wallet to withdraw your balance',
  nothingToWithdraw: 'Nothing is available to withdraw yet',
  balanceOwed: 'Your balance owes the marketplace for refunded sales: your next earnings pay it back first',
  belowPayoutMinimum: 'Your available balance is below the minimum payout',
  payoutsOff: 'Payouts are not set up on this marketplace yet',
} as const;

/** The columns of GET /api/studio/sales.csv, in order. */
export const STUDIO_CSV_COLUMNS = [
  'date',
  'type',
  'pack_id',
  'pack_title',
  'serial',
  'sale_price_ton',
  'your_amount_ton',
  'status',
] as const;
