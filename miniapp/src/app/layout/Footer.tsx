import { Heart } from '../../components/icon-set';
import { Icon } from '../../components/Icon';

/** SPEC §2 footer: a tagline, a code-hosting link, a social link and a made-by line. */
export function Footer() {
  return (
    <footer className="footer">
      <p className="footer__tagline">Limited-edition sticker packs, collected and traded in TON.</p>
      <p className="footer__links">
        <a href="https://github.com/stickerdrop" target="_blank" rel="noopener noreferrer">
          GitHub
        </a>
        <a href="https://t.me/stickerdrop" target="_blank" rel="noopener noreferrer">
          Telegram
        </a>
      </p>
      <p className="footer__made">
        Made with{' '}
        <Icon icon={Heart} className="footer__heart" size={14} fill="currentColor" aria-label="love" role="img" /> for
        sticker collectors
      </p>
    </footer>
  );
}
