import { createTheme } from '@mantine/core';

const selectTexts = {
  defaultProps: { placeholder: 'нет значения', nothingFoundMessage: 'Ничего не найдено' },
};

/**
 * Blue primary, light scheme (seed.md §9); Russian select texts (PRODUCT.md). Plain objects
 * rather than Select.extend(): importing the components here would put them in the first chunk.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  components: { Select: selectTexts, MultiSelect: selectTexts },
});
