/**
 * SPEC's texts, exactly as written, for tests to check what the app and the bot show against. The texts
 * people read live in the catalogues (the mini-app's `locales/`, the bot's Fluent files); nothing that runs
 * in production reads these, so each text has one source and SPEC is the oracle.
 */
export const SPEC_TEXTS = {
  // Success toasts (SPEC §8)
  linkCopied: 'Link copied to clipboard!',
  purchaseSuccess: 'Purchase successful! You can now download your sticker pack.',
  // Failures (SPEC §8)
  likeFailed: 'Failed to update like status',
  somethingWentWrong: 'Something went wrong',
  packNotFoundDetail: "The sticker pack you're looking for doesn't exist or has been removed.",
  // Screens (SPEC §1, §2)
  limitedEdition: 'limited edition',
  homeTagline: 'Discover unique designs, create your own and trade with collectors worldwide.',
  featureBlurbs: ['Limited Editions', 'Resale Market', 'Creator Tools'],
} as const;
