import { useMemo } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { HashRouter } from '../router';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { I18nProvider } from '../i18n/provider';
import { ApiProvider, type ApiContextValue } from '../api/ApiProvider';
import { AuthProvider } from '../features/auth/AuthProvider';
import type { TelegramEnvironment } from '../telegram/environment';
import { TelegramProvider } from '../telegram/TelegramProvider';
import { useTelegramThemeDark } from '../telegram/use-theme-dark';
import { ToastProvider } from '../toast/ToastProvider';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { preloadScreen } from './screens';

export interface RootProps {
  telegram: TelegramEnvironment;
  api: ApiContextValue;
  queryClient: QueryClient;
}

/** Providers in dependency order (i18n outermost: the error screen speaks the language too); everything the screens need is built by the caller (main.tsx or a test). */
export function Root({ telegram, api, queryClient }: RootProps) {
  const dark = useTelegramThemeDark();
  const platform = useMemo(
    () => (telegram.platform === 'ios' || telegram.platform === 'macos' ? 'ios' : 'base'),
    [telegram.platform],
  );
  return (
    <I18nProvider>
      <ErrorBoundary>
        <AppRoot
          className="app-root"
          appearance={dark === null ? undefined : dark ? 'dark' : 'light'}
          platform={platform}
        >
          <TelegramProvider value={telegram}>
            <ApiProvider value={api}>
              <QueryClientProvider client={queryClient}>
                <ToastProvider>
                  <HashRouter preload={preloadScreen}>
                    <AuthProvider telegramInitData={telegram.inside ? telegram.rawInitData : null}>
                      <App />
                    </AuthProvider>
                  </HashRouter>
                </ToastProvider>
              </QueryClientProvider>
            </ApiProvider>
          </TelegramProvider>
        </AppRoot>
      </ErrorBoundary>
    </I18nProvider>
  );
}
