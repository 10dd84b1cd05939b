import type { Language, PictureScreen } from '@stickerdrop/shared';

/**
 * What the document's first screen (start.ts, then draw.ts, inlined into index.html by
 * scripts/vite-first-screen.ts) hands to the app (main.tsx): the route it drew, and the data it already has
 * or asked for.
 */
export interface FirstScreen {
  route: string;
  /** The language it drew in, the app's starting one (i18n/detect.ts). */
  language: Language;
  inside: boolean;
  ios: boolean;
  picture: PictureScreen | null;
  /**
   * The pack's or edition's public data, or the marketplace's first page: embedded by the server, or asked
   * for by the document for a visitor without a session; null when neither (a signed-in visitor's data is
   * theirs: the app asks for it). Resolves to null when the answer was not a 200.
   */
  data: Promise<unknown> | null;
  /** Whether draw.ts has drawn it (false when the document had no root to draw in). */
  drawn: boolean;
}

declare global {
  interface Window {
    stickerdropFirstScreen?: FirstScreen;
  }
}
