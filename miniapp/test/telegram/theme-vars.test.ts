import { describe, expect, it } from 'vitest';
import { themeCssVarName } from '../../src/telegram/theme-vars';

describe('themeCssVarName', () => {
  it('binds text colours raw, for the palette to derive legible ones, and the rest under their usual names', () => {
    expect(themeCssVarName('hint_color')).toBe('--tg-raw-hint-color');
    expect(themeCssVarName('button_color')).toBe('--tg-raw-button-color');
    expect(themeCssVarName('accentTextColor')).toBe('--tg-raw-accent-text-color');
    expect(themeCssVarName('bg_color')).toBe('--tg-theme-bg-color');
    expect(themeCssVarName('secondary_bg_color')).toBe('--tg-theme-secondary-bg-color');
    expect(themeCssVarName('button_text_color')).toBe('--tg-theme-button-text-color');
  });
});
