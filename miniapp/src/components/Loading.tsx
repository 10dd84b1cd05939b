import { useT } from '../i18n/translate';
import { componentsTexts } from './messages';

/**
 * SPEC §2: a spinner with the text Loading... The spinner is a CSS ring: telegram-ui's Spinner ships its
 * iOS variant's SVGs in every size, a few kB gzip on Home's first load for a ring.
 */
export function Loading() {
  const t = useT(componentsTexts);
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{t('components.loading')}</span>
    </div>
  );
}
