/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_MOCK_TELEGRAM?: string;
}

/** A message catalogue compiled by @lingui/vite-plugin (lingui.config.ts): `import('./locales/ru.json?lingui')`. */
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
