/** Screen texts SPEC does not name (its own texts come from @stickerdrop/shared). */
export const DEMO_PAYMENT_NOTE = 'Demo mode: no real money moves. Tap Pay (demo) to complete the purchase.';
