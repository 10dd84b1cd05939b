import { createContext, useContext, type ReactNode } from 'react';
import { PLAIN_WEB, type TelegramEnvironment } from './environment';

const TelegramContext = createContext<TelegramEnvironment>(PLAIN_WEB);

export function TelegramProvider({ value, children }: { value: TelegramEnvironment; children: ReactNode }) {
  return <TelegramContext.Provider value={value}>{children}</TelegramContext.Provider>;
}

export function useTelegram(): TelegramEnvironment {
  return useContext(TelegramContext);
}
