import { Anchor, Table, Text, Textarea, TextInput } from '@mantine/core';
import type { DocumentField, FieldValue } from '@zakupki/shared/api/procurement-documents';
import { Link } from 'react-router';
import { AppSelect } from '../../../components/form/app-select';
import { DateField } from '../../../components/form/date-field';
import { MoneyInput } from '../../../components/form/money-input';
import { NumberField } from '../../../components/form/number-field';
import { useCatalogFieldOptions } from '../api/procurement-documents';
import { fieldAnchor, ITEM_COLUMNS, SOURCE_TITLES } from '../model/fields';

type Props = {
  field: DocumentField;
  value: string;
  onChange: (v: string) => void;
  /** the server's value of a table field (items), shown as it is */
  table: FieldValue | undefined;
  error: string | null;
  companyId: number;
  procurementId: number;
  disabled: boolean;
};

/** One field of the documentation form, by its type. Values are strings: decimals with a dot, dates ISO. */
export function FieldInput({
  field,
  value,
  onChange,
  table,
  error,
  companyId,
  procurementId,
  disabled,
}: Props) {
  const readOnly = disabled || !field.editable;
  // the field's own hint says where its value comes from when it has one
  const description = field.hint ?? (field.source !== 'user' ? SOURCE_TITLES[field.source] : null);
  const common = {
    id: fieldAnchor(field.code),
    label: field.title,
    description: description || undefined,
    required: field.required,
    error,
    readOnly,
  };
  switch (field.type) {
    case 'items':
      return <ItemsTable field={field} rows={table} procurementId={procurementId} />;
    case 'money':
      return (
        <MoneyInput
          {...common}
          value={value}
          onChange={(v) => onChange(v === '' ? '' : String(v).replace(',', '.'))}
        />
      );
    case 'number':
      return (
        <NumberField
          {...common}
          hideControls
          decimalSeparator=","
          allowedDecimalSeparators={['.', ',']}
          value={value}
          onChange={(v) => onChange(v === '' ? '' : String(v).replace(',', '.'))}
        />
      );
    case 'date':
      return <DateField {...common} value={value || null} onChange={(v) => onChange(v ?? '')} />;
    case 'select':
      return (
        <AppSelect
          {...common}
          data={[...new Set([...field.options, ...(value ? [value] : [])])]}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable={!field.required}
          searchable
        />
      );
    case 'catalog':
      return (
        <CatalogSelect
          common={common}
          field={field}
          value={value}
          onChange={onChange}
          companyId={companyId}
        />
      );
    default:
      return value.length > 80 || /\n/.test(value) ? (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
  }
}

function CatalogSelect({
  common,
  field,
  value,
  onChange,
  companyId,
}: {
  common: Record<string, unknown>;
  field: DocumentField;
  value: string;
  onChange: (v: string) => void;
  companyId: number;
}) {
  const options = useCatalogFieldOptions(companyId, field.catalog);
  const data = options.data ?? [];
  // a value that is not (or no longer) in the catalogue stays visible
  const all = value && !data.some((o) => o.value === value) ? [{ value, label: value }, ...data] : data;
  return (
    <AppSelect
      {...common}
      data={all}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      clearable={!field.required}
      searchable
    />
  );
}

function ItemsTable({
  field,
  rows,
  procurementId,
}: {
  field: DocumentField;
  rows: FieldValue | undefined;
  procurementId: number;
}) {
  const list = Array.isArray(rows) ? rows : [];
  const keys = new Set(list.flatMap((r) => Object.keys(r)));
  const columns = ITEM_COLUMNS.filter((c) => keys.has(c.key));
  return (
    <div id={fieldAnchor(field.code)}>
      <Text size="sm" fw={500}>
        {field.title}
        {field.required ? (
          <Text span c="red">
            {' '}
            *
          </Text>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {SOURCE_TITLES[field.source]} ·{' '}
        <Anchor component={Link} to={`/documents/${procurementId}?tab=lots`} size="xs">
          Изменить в карточке закупки
        </Anchor>
      </Text>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Позиций нет
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600} mah={320}>
          <Table striped withTableBorder fz="xs" aria-label={field.title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key}>{c.title}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r, i) => (
                // rows have no id of their own: their order is the specification's
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{r[c.key] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
