import { emitEvent, isTMA, mockTelegramEnv } from '@telegram-apps/sdk-react';

/**
 * Local development only (VITE_MOCK_TELEGRAM=1 with `vite dev`): pretends the page runs inside Telegram,
 * as the reactjs-template's mockEnv.ts does. Never imported by a production build, and never used when
 * a real container answers. The init data is unsigned, so the API will refuse the automatic sign-in.
 */
export async function mockTelegramForDevelopment(): Promise<void> {
  if (await isTMA('complete')) return;
  const themeParams = {
    accent_text_color: '#6ab2f2',
    bg_color: '#17212b',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
    destructive_text_color: '#ec3942',
    header_bg_color: '#17212b',
    hint_color: '#708499',
    link_color: '#6ab3f3',
    secondary_bg_color: '#232e3c',
    section_bg_color: '#17212b',
    section_header_text_color: '#6ab3f3',
    subtitle_text_color: '#708499',
    text_color: '#f5f5f5',
  } as const;
  const noInsets = { left: 0, top: 0, bottom: 0, right: 0 } as const;
  mockTelegramEnv({
    onEvent([name]) {
      if (name === 'web_app_request_theme') return emitEvent('theme_changed', { theme_params: themeParams });
      if (name === 'web_app_request_viewport') {
        return emitEvent('viewport_changed', {
          height: window.innerHeight,
          width: window.innerWidth,
          is_expanded: true,
          is_state_stable: true,
        });
      }
      if (name === 'web_app_request_content_safe_area') return emitEvent('content_safe_area_changed', noInsets);
      if (name === 'web_app_request_safe_area') return emitEvent('safe_area_changed', noInsets);
    },
    launchParams: new URLSearchParams([
      ['tgWebAppThemeParams', JSON.stringify(themeParams)],
      [
        'tgWebAppData',
        new URLSearchParams([
          ['auth_date', String((Date.now() / 1000) | 0)],
          ['hash', 'development-only'],
          ['signature', 'development-only'],
          ['user', JSON.stringify({ id: 1, first_name: 'Developer' })],
        ]).toString(),
      ],
      ['tgWebAppVersion', '8.4'],
      ['tgWebAppPlatform', 'tdesktop'],
    ]),
  });
  console.info('Telegram environment mocked for local development (VITE_MOCK_TELEGRAM=1).');
}
