/** The creator studio's refusals and labels (issue 20, item 7). */
export const STUDIO_ERRORS = {
  creatorsOnly: 'Only creators have a studio',
  notYourPack: 'This pack is not yours',
  onlyEditable: 'Only the description, tags and drop time of a pack can change',
  nothingToChange: 'Send a description, tags or a drop time to change',
  dropTimeLocked: 'The drop time can only change before the drop opens',
} as const;

export const DROP_STATUS_LABELS = {
  scheduled: 'Scheduled',
  on_sale: 'On sale',
  sold_out: 'Sold out',
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

/** The studio's and the collection's Created tab's words. */
export const STUDIO_TEXTS = {
  title: 'Studio',
  intro: 'Your packs, what they sold and earned, and what you can still change.',
  empty: 'No packs yet',
  emptyDetail: 'Packs you create appear here with their sales and royalties.',
  newPack: 'Create a pack',
  exportCsv: 'Export sales (CSV)',
  exportFailed: 'Could not export your sales. Please try again.',
  loadFailed: 'Could not load your studio. Please try again.',
  chartTitle: 'Sales over time',
  chartEmpty: 'No sales yet. Sales and royalties show here by day.',
  edit: 'Edit',
  save: 'Save changes',
  cancel: 'Cancel',
  saved: 'Pack updated',
  saveFailed: 'Could not update the pack',
  dropTime: 'Drop opens (local time)',
  dropTimeFixed: 'The drop is open: its time can no longer change.',
  tags: 'Tags (comma-separated)',
  description: 'Description',
  fixedAfterCreate: 'Title, price, supply and royalty stay as collectors bought them.',
  owedHint: 'Owed: royalties not paid because no wallet was linked.',
  /** Beside the owed line while no wallet is linked: the way to link one, in place. */
  owedLinkWallet: 'Link wallet',
  shareDrop: 'Share your drop',
  openStudio: 'Open studio',
  soldOf: (sold: number, supply: number) => `${sold} / ${supply} sold`,
} as const;
