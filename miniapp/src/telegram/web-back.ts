/** The page button that stands in for Telegram's back button on the plain web (Page.tsx, and the first screen). */
export const WEB_BACK_LABEL = '‹ Back';
