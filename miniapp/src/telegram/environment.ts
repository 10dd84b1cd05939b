/** What the app knows about where it runs; decided once at start-up by init.ts. */
export interface TelegramEnvironment {
  /** True inside the Telegram container (or a mocked one); false on the plain web. */
  inside: boolean;
  /** Telegram's platform name (ios, android, tdesktop, weba, …), null on the plain web. */
  platform: string | null;
  /** The raw init data string, exactly as Telegram sent it; the API validates it. */
  rawInitData: string | null;
  startParam: string | null;
}

export const PLAIN_WEB: TelegramEnvironment = { inside: false, platform: null, rawInitData: null, startParam: null };
