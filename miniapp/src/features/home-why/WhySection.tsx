import { Gem, Repeat, Wrench } from '../../components/icon-set';
import { Icon, type IconNode } from '../../components/Icon';
import { useT } from '../../i18n/translate';
import { whyTexts } from './messages';

type WhyKey = NonNullable<(typeof whyTexts)['keys']>;

/** Why Stickerdrop: SPEC §1's three blurbs (the bot's welcome names the same), each with a sentence of ours. */
const FEATURES: ReadonlyArray<{ icon: IconNode; title: WhyKey; text: WhyKey }> = [
  { icon: Gem, title: 'home-why.limited.title', text: 'home-why.limited.text' },
  { icon: Repeat, title: 'home-why.resale.title', text: 'home-why.resale.text' },
  { icon: Wrench, title: 'home-why.tools.title', text: 'home-why.tools.text' },
];

/**
 * The web landing page's Why section, below its fold: a chunk of its own, which Home inside Telegram (where
 * people come to collect, and which shows no such section) never loads.
 */
export default function WhySection() {
  const t = useT(whyTexts);
  return (
    <section className="section">
      <h2 className="section__title">{t('home-why.title')}</h2>
      <div className="features">
        {FEATURES.map(({ icon, title, text }) => (
          <article className="feature" key={title}>
            <Icon className="feature__icon" icon={icon} size={28} />
            <h3>{t(title)}</h3>
            <p>{t(text)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
