import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../src/app/layout/Footer';
import { I18nProvider } from '../../src/i18n/provider';

describe('the footer', () => {
  it('links to the code on the web, and only to Telegram inside Telegram', () => {
    const { unmount } = render(
      <I18nProvider>
        <Footer inside={false} />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['GitHub', 'Telegram']);
    unmount();
    render(
      <I18nProvider>
        <Footer inside />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Telegram']);
  });
});
