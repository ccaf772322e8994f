import { MultiSelect, type MultiSelectProps, type Primitive, Select, type SelectProps } from '@mantine/core';

export const SELECT_EMPTY = 'нет значения';
export const SELECT_NO_MATCH = 'Ничего не найдено';
export const SELECT_EMPTY_LIST = 'Список пуст';

const count = (data: unknown) => (Array.isArray(data) ? data.length : 0);

/** Select with the Russian texts: «нет значения», «Ничего не найдено», «Список пуст». */
export function AppSelect<V extends Primitive = string>({
  required,
  ...props
}: Omit<SelectProps<V>, 'required'> & { required?: boolean }) {
  return (
    <Select<V>
      withAsterisk={required}
      placeholder={SELECT_EMPTY}
      nothingFoundMessage={count(props.data) ? SELECT_NO_MATCH : SELECT_EMPTY_LIST}
      {...props}
    />
  );
}

export function AppMultiSelect({
  required,
  ...props
}: Omit<MultiSelectProps, 'required'> & { required?: boolean }) {
  return (
    <MultiSelect
      withAsterisk={required}
      placeholder={props.value?.length ? undefined : SELECT_EMPTY}
      nothingFoundMessage={count(props.data) ? SELECT_NO_MATCH : SELECT_EMPTY_LIST}
      {...props}
    />
  );
}
