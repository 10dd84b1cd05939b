/** The marketplace's heading: its first screen's largest text, drawn by the document before the page loads. */
export const MARKETPLACE_TITLE = 'Marketplace';
