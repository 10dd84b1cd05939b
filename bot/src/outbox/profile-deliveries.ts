import { isHttps } from '../views/keyboards.js';
import { chatMenuButtonIn } from '../runtime/setup.js';
import { readerOf } from '../i18n.js';
import type { Deliveries } from './delivery-deps.js';

/** A user chose another language: their chat's menu button follows, in the language they hold when it is sent. */
export const profileDeliveries: Deliveries<'chat_language'> = {
  chat_language: {
    to: (change) => change.userId,
    async send(_change, to, deps) {
      // Telegram opens mini-apps only from https addresses: a local http PUBLIC_URL has no button to set.
      if (!isHttps(deps.publicUrl)) return;
      const { language } = await readerOf(deps.db, to);
      await deps.acquire(to);
      await deps.api.setChatMenuButton({ chat_id: to, menu_button: chatMenuButtonIn(language, deps.publicUrl) });
    },
  },
};
