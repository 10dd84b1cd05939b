import type { Page } from 'playwright-core';
import { signInitData } from '@stickerdrop/core';

/** Telegram Android's dark theme, as its client sends it. */
export const THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
} as const;

/** Telegram Android's default light theme: its hint grey and blue accents are lighter than AA asks. */
export const THEME_LIGHT = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f0f0f0',
  section_bg_color: '#ffffff',
  text_color: '#222222',
  hint_color: '#a8a8a8',
  link_color: '#2678b6',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
  header_bg_color: '#527da3',
  accent_text_color: '#1c93e3',
  section_header_text_color: '#3a95d5',
  subtitle_text_color: '#82868a',
  destructive_text_color: '#cc2929',
} as const;

export interface TelegramEvent {
  type: string;
  data: Record<string, unknown> | undefined;
}

/**
 * Plays the Telegram Android client: `window.TelegramWebviewProxy.postEvent` records every method the
 * app calls, and the client's answers come back through `window.Telegram.WebView.receiveEvent`, the
 * path a real client uses.
 */
export function installTelegramClient(theme: Record<string, string>): void {
  const win = window as unknown as {
    __tg: { type: string; data: unknown }[];
    __tgInsets?: { safeArea: Insets; contentSafeArea: Insets };
    TelegramWebviewProxy: { postEvent(type: string, data?: string): void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
    __tgSecureStorage?: (method: string, params: object) => Promise<[string, unknown]>;
  };
  win.__tg = [];
  const reply = (type: string, data: unknown) => setTimeout(() => win.Telegram?.WebView?.receiveEvent?.(type, data), 0);
  win.TelegramWebviewProxy = {
    postEvent(type, data) {
      win.__tg.push({ type, data: data ? JSON.parse(data) : undefined });
      if (type === 'web_app_request_theme') reply('theme_changed', { theme_params: theme });
      if (type === 'web_app_request_viewport') {
        reply('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      }
      const none = { top: 0, bottom: 0, left: 0, right: 0 };
      if (type === 'web_app_request_safe_area') reply('safe_area_changed', win.__tgInsets?.safeArea ?? none);
      if (type === 'web_app_request_content_safe_area') {
        reply('content_safe_area_changed', win.__tgInsets?.contentSafeArea ?? none);
      }
      // The user sends the prepared message to a chat they pick.
      if (type === 'web_app_send_prepared_message') reply('prepared_message_sent', undefined);
      // The app is not on the home screen yet; the user accepts Telegram's prompt.
      if (type === 'web_app_check_home_screen') reply('home_screen_checked', { status: 'missed' });
      if (type === 'web_app_add_to_home_screen') reply('home_screen_added', undefined);
      // Fullscreen (8.0): the client goes and comes back at once, and says so.
      if (type === 'web_app_request_fullscreen') reply('fullscreen_changed', { is_fullscreen: true });
      if (type === 'web_app_exit_fullscreen') reply('fullscreen_changed', { is_fullscreen: false });
      // The user accepts the emoji status Telegram asks them about (8.0).
      if (type === 'web_app_set_emoji_status') reply('emoji_status_set', undefined);
      // Secure storage (9.0) lives in the test, as a device's keychain lives outside the page; a client
      // without one says it is unsupported, as desktop clients do.
      if (type.startsWith('web_app_secure_storage_')) {
        const params = (data ? JSON.parse(data) : {}) as { req_id?: string };
        const device = win.__tgSecureStorage;
        void (device ? device(type, params) : Promise.resolve(unsupported(params.req_id))).then(([event, payload]) =>
          reply(event, payload),
        );
      }
    },
  };
  function unsupported(reqId: string | undefined): [string, unknown] {
    return ['secure_storage_failed', { req_id: reqId, error: 'UNSUPPORTED' }];
  }
}

/**
 * A device's secure storage as a Telegram client (Mini Apps 9.0) offers it: its keys, readable by the test,
 * and a switch that makes it fail, as a locked or broken keychain does.
 */
export class SecureStorageDevice {
  readonly keys = new Map<string, string>();
  /** `all`: every call fails; `save`: reads work, saves fail. */
  failing: 'all' | 'save' | null = null;
  /** Every method called, in order. */
  readonly calls: string[] = [];

  /** The event and payload the client sends back for `method`, as the bridge carries them. */
  answer(method: string, params: { req_id?: string; key?: string; value?: string | null }): [string, unknown] {
    this.calls.push(method);
    const reqId = params.req_id;
    const isSave = method === 'web_app_secure_storage_save_key';
    if (this.failing === 'all' || (this.failing === 'save' && isSave)) {
      return ['secure_storage_failed', { req_id: reqId, error: 'STORAGE_FAILED' }];
    }
    if (method === 'web_app_secure_storage_get_key') {
      return ['secure_storage_key_received', { req_id: reqId, value: this.keys.get(params.key!) ?? null }];
    }
    if (isSave) {
      if (params.value === null || params.value === undefined) this.keys.delete(params.key!);
      else this.keys.set(params.key!, params.value);
      return ['secure_storage_key_saved', { req_id: reqId }];
    }
    if (method === 'web_app_secure_storage_clear') {
      this.keys.clear();
      return ['secure_storage_cleared', { req_id: reqId }];
    }
    return ['secure_storage_failed', { req_id: reqId, error: 'UNKNOWN_METHOD' }];
  }
}

/** Insets in CSS pixels, as Telegram sends them. */
export interface Insets {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface TelegramLaunch {
  user?: { id: number; first_name: string; username?: string };
  startParam?: string;
  botToken: string;
  theme?: Record<string, string>;
  /** The client's Mini Apps version: 8.0 by default; older ones lack the newer methods. */
  version?: string;
  /** The device's safe area and Telegram's content safe area: none by default. */
  insets?: { safeArea: Insets; contentSafeArea: Insets };
  /** The device's secure storage (use with version 9.0 or later); without it, such a client says unsupported. */
  secureStorage?: SecureStorageDevice;
}

/** The init data Telegram signs for a launch, with the bot's token as the API checks it. */
export function telegramInitData(launch: Pick<TelegramLaunch, 'user' | 'startParam' | 'botToken'>): string {
  return signInitData(
    {
      user: launch.user ?? { id: 777_000_001, first_name: 'Tess', username: 'tess' },
      auth_date: Math.floor(Date.now() / 1000),
      // Any value: the API checks the bot-token HMAC, which covers this field too.
      signature: 'e2e-ed25519-signature',
      ...(launch.startParam ? { start_param: launch.startParam } : {}),
    },
    launch.botToken,
  );
}

/**
 * What Telegram adds to the mini-app's address to launch it: signed init data and the launch parameters
 * in the hash, and the start parameter (a direct link's `startapp`) in the query, where Telegram puts it
 * ("tgWebAppStartParam … is passed in the GET parameter"): `?tgWebAppStartParam=pack_7#tgWebAppData=…`.
 */
export function telegramLaunchAddress(launch: TelegramLaunch): string {
  const theme = launch.theme ?? THEME;
  const initData = telegramInitData(launch);
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: launch.version ?? '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  const query = launch.startParam
    ? `?${new URLSearchParams({ tgWebAppStartParam: launch.startParam }).toString()}`
    : '';
  return `${query}#${params.toString()}`;
}

/** Opens the app as Telegram launches it: signed init data and launch parameters in the URL hash. */
export async function openInTelegram(page: Page, baseUrl: string, launch: TelegramLaunch): Promise<void> {
  if (launch.insets) {
    await page.addInitScript((insets) => Object.assign(window, { __tgInsets: insets }), launch.insets);
  }
  const device = launch.secureStorage;
  if (device) {
    await page.exposeFunction('__tgSecureStorage', (method: string, params: Parameters<typeof device.answer>[1]) =>
      device.answer(method, params),
    );
  }
  await page.addInitScript(installTelegramClient, launch.theme ?? THEME);
  await page.goto(`${baseUrl}/${telegramLaunchAddress(launch)}`);
}

export function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { __tg: TelegramEvent[] }).__tg);
}

/** The user presses a native button: Telegram sends the event to the page. */
export function pressNative(
  page: Page,
  event: 'main_button_pressed' | 'secondary_button_pressed' | 'back_button_pressed',
): Promise<void> {
  return page.evaluate(
    (name) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(type: string, data?: unknown): void } } }
      ).Telegram.WebView.receiveEvent(name),
    event,
  );
}

export function lastMainButton(events: TelegramEvent[]): Record<string, unknown> | undefined {
  return lastOf(events, 'web_app_setup_main_button');
}

/** The data of the last call of `type`: the state Telegram shows (a button's, the closing behaviour's). */
export function lastOf(events: TelegramEvent[], type: string): Record<string, unknown> | undefined {
  return [...events].reverse().find((event) => event.type === type)?.data;
}

/** Telegram's day theme (the Android client's), for screens taken in the light scheme inside Telegram. */
export const LIGHT_THEME = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f0f0f0',
  section_bg_color: '#ffffff',
  text_color: '#222222',
  hint_color: '#6d6d71',
  link_color: '#2678b6',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  header_bg_color: '#ffffff',
  accent_text_color: '#1c6fb0',
  section_header_text_color: '#1c6fb0',
  subtitle_text_color: '#6d6d71',
  destructive_text_color: '#cc2929',
} as const;
