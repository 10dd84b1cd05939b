import { Heart } from '../../components/icon-set';
import { Icon } from '../../components/Icon';
import { RichText, useT } from '../../i18n/translate';
import { layoutTexts } from './messages';

/**
 * SPEC §2 footer: a tagline, a code-hosting link, a social link and a made-by line. Inside Telegram the
 * code-hosting link goes: a collector there has no use for it, and it would leave the app for a browser.
 */
export function Footer({ inside }: { inside: boolean }) {
  const t = useT(layoutTexts);
  return (
    <footer className="footer">
      <p className="footer__tagline">{t('layout.footer.tagline')}</p>
      <p className="footer__links">
        {inside ? null : (
          <a href="https://github.com/stickerdrop" target="_blank" rel="noopener noreferrer">
            GitHub
          </a>
        )}
        <a href="https://t.me/stickerdrop" target="_blank" rel="noopener noreferrer">
          Telegram
        </a>
      </p>
      <p className="footer__made">
        <RichText
          text={t('layout.footer.madeWith')}
          components={{
            heart: (
              <Icon
                icon={Heart}
                className="footer__heart"
                size={14}
                fill="currentColor"
                aria-label={t('layout.footer.love')}
                role="img"
              />
            ),
          }}
        />
      </p>
    </footer>
  );
}
