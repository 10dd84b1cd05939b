import { useEffect, type ReactNode } from 'react';
import { telegramSdk } from './sdk';
import { useTelegram } from './TelegramProvider';
import { useGoBack } from './use-go-back';
import { WEB_BACK_LABEL } from './web-back';

/**
 * Every screen is a Page (STYLE.md, the reactjs-template's Page): it shows Telegram's back button on
 * every screen but Home and hides it there. On the plain web a page button can stand in for it.
 */
export function Page({
  back = true,
  webBack = false,
  children,
}: {
  back?: boolean;
  webBack?: boolean;
  children: ReactNode;
}) {
  const { inside } = useTelegram();
  const goBack = useGoBack();

  useEffect(() => {
    const backButton = telegramSdk()?.backButton;
    if (!inside || !backButton) return;
    if (!back) {
      backButton.hide.ifAvailable();
      return;
    }
    backButton.show.ifAvailable();
    const [, off] = backButton.onClick.ifAvailable(goBack);
    return off;
  }, [inside, back, goBack]);

  return (
    <>
      {!inside && back && webBack ? (
        <button type="button" className="page-back" onClick={goBack}>
          {WEB_BACK_LABEL}
        </button>
      ) : null}
      {children}
    </>
  );
}
