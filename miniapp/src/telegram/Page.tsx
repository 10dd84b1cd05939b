import { useEffect, type ReactNode } from 'react';
import { telegramSdk } from './sdk';
import { useTelegram } from './TelegramProvider';
import { useGoBack } from './use-go-back';
import { shellTexts } from '../shell/messages';
import { useT } from '../i18n/translate';

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
  const tFirst = useT(shellTexts);

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
          {tFirst('shell.back')}
        </button>
      ) : null}
      {children}
    </>
  );
}
