import { Checkbox, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CatalogField } from '@zakupki/shared/api/catalogs';
import { AppMultiSelect, AppSelect } from '../../../components/form/app-select';
import { MoneyInput } from '../../../components/form/money-input';
import type { EntryValues } from '../api/entry-body';

/** One input per descriptor field; `required` shows the asterisk, the form's rules do the checking. */
export function EntryField({
  field: f,
  form,
}: {
  field: CatalogField;
  form: UseFormReturnType<EntryValues>;
}) {
  const common = {
    label: f.title,
    description: f.hint,
    withAsterisk: f.required,
  };
  switch (f.type) {
    case 'textarea':
      return <Textarea {...common} rows={3} resize="vertical" {...form.getInputProps(f.key)} />;
    case 'boolean':
      return (
        <Checkbox label={f.title} description={f.hint} {...form.getInputProps(f.key, { type: 'checkbox' })} />
      );
    case 'select':
      return (
        <AppSelect
          {...common}
          required={f.required}
          data={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          allowDeselect={!f.required}
          {...form.getInputProps(f.key)}
        />
      );
    case 'multiselect':
      return (
        <AppMultiSelect
          {...common}
          required={f.required}
          data={(f.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          {...form.getInputProps(f.key)}
        />
      );
    case 'list':
      return (
        <TagsInput
          {...common}
          placeholder="Введите значение и нажмите Enter"
          clearable
          {...form.getInputProps(f.key)}
        />
      );
    case 'money':
      return <MoneyInput {...common} required={f.required} {...form.getInputProps(f.key)} />;
    case 'integer':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          placeholder={f.emptyLabel}
          autoComplete="off"
          {...form.getInputProps(f.key)}
        />
      );
    case 'percent':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          rightSection="%"
          autoComplete="off"
          {...form.getInputProps(f.key)}
        />
      );
    case 'okpd2':
      return (
        <TextInput {...common} placeholder="26.20.11.110" autoComplete="off" {...form.getInputProps(f.key)} />
      );
    default:
      return <TextInput {...common} autoComplete="off" {...form.getInputProps(f.key)} />;
  }
}
