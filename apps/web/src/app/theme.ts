import { type CSSVariablesResolver, createTheme, darken, luminance } from '@mantine/core';

const selectTexts = {
  defaultProps: { placeholder: 'нет значения', nothingFoundMessage: 'Ничего не найдено' },
};

/**
 * Blue primary, light scheme (docs/product.md §9); Russian select texts (docs/product.md). Plain objects
 * rather than Select.extend(): importing the components here would put them in the first chunk.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA contrast (axe color-contrast): blue.8 keeps white button text and blue links on white
  // above 4.5:1 (Mantine's default shade 6 gives 3.5:1)
  primaryShade: { light: 8, dark: 8 },
  // filled badges and buttons of any colour take black or white text, whichever contrasts more
  // (0.179 is the luminance where both give the same ratio)
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'sm',
  components: {
    Select: selectTexts,
    MultiSelect: selectTexts,
    // named controls (axe button-name); Mantine leaves these unnamed or in English
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Показать или скрыть пароль' } },
    },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Закрыть' } } },
    // a loader is a span named by its aria-label («Загрузка …»): only a role lets it carry a name
    // (axe aria-prohibited-attr), and «status» is what a screen reader announces politely
    Loader: { defaultProps: { role: 'status' } },
    // a titled notification's text is gray.6 in Mantine (3.3:1 on white): use the dimmed shade
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    // a state badge in a narrow column wraps onto a second line instead of being cut with «…»
    // («ДОКУМЕНТАЦИЯ…», «ИЗВЕЩЕНИЕ РА…» at 1280 px): the a11y journey checks no text is cut
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
      },
    },
  },
});

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** `color` darkened in small steps until it reads at 4.5:1 (WCAG AA) on `background`. */
export function readableOn(color: string, background: string) {
  let c = color;
  for (let i = 1; contrast(c, background) < 4.6 && i <= 12; i++) c = darken(color, i * 0.05);
  return c;
}

/**
 * WCAG AA text contrast in the light scheme (axe color-contrast): secondary («dimmed») text and
 * error messages one shade darker than Mantine's (gray.6 and red.6 give 3.3:1 on white), and the
 * text of light/subtle badges, buttons and nav links (shade 9 on shade 1, shade 2 on hover) darkened
 * where the palette falls short (yellow 2.7:1, green and blue on hover ~4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableOn(shades[9], shades[2]),
      ]),
    ),
  },
  dark: {},
});
