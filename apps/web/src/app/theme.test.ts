import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, readableOn, theme } from './theme';

const ratio = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme contrast (WCAG AA 4.5:1)', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(merged).light;

  it('light/subtle text of every colour reads on its light and hover backgrounds', () => {
    for (const [name, shades] of Object.entries(merged.colors)) {
      const text = light[`--mantine-color-${name}-light-color`];
      expect(text, name).toBeTruthy();
      expect(ratio(text, shades[1]), `${name} on shade 1`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(text, shades[2]), `${name} on shade 2`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a colour that already reads', () => {
    expect(readableOn('#000000', '#ffffff')).toBe('#000000');
  });

  it('the primary filled shade carries white text and reads as link text on white', () => {
    const shade = typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
    expect(ratio(merged.colors.blue[shade], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed and error texts are darker than Mantine’s defaults', () => {
    expect(ratio(merged.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(ratio(merged.colors.red[9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-9)');
  });
});
