import { Accordion, Badge, Code, Group, Table, Text } from '@mantine/core';
import type { TemplateField, TemplateFields } from '@zakupki/shared/api/procurement-rules';
import { useTemplateFields } from '../api/procurement-rules';

function Rows({ fields }: { fields: TemplateField[] }) {
  return (
    <Table striped withTableBorder fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Поле</Table.Th>
          <Table.Th>Что подставляется</Table.Th>
          <Table.Th>Пример</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.tag}>
            <Table.Td>
              <Code>
                {f.loop && f.tag !== f.loop
                  ? `{${f.tag}}`
                  : f.loop
                    ? `{#${f.tag}}…{/${f.tag}}`
                    : `{${f.tag}}`}
              </Code>
            </Table.Td>
            <Table.Td>
              <Group gap={6}>
                <Text size="sm">{f.title}</Text>
                {f.required ? (
                  <Badge size="xs" variant="light" color="orange">
                    обязательное
                  </Badge>
                ) : null}
              </Group>
              {f.loop && f.tag !== f.loop ? (
                <Text size="xs" c="dimmed">
                  Внутри {`{#${f.loop}}…{/${f.loop}}`}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{f.example || '—'}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The fields a template may use, as the server defines them (`template_fields`): the system
 * fields with their older names, then the company's user fields, each with a sample value.
 */
export function TemplateFieldsList({ fields }: { fields: TemplateFields }) {
  return (
    <Accordion variant="contained">
      <Accordion.Item value="system">
        <Accordion.Control>
          Поля из карточек закупки, организации и заказчика ({fields.items.length})
        </Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="xs">
            Напишите поле в шаблоне Word в фигурных скобках — при формировании документа вместо него появится
            значение. Строки таблицы повторяются между {'{#items}'} и {'{/items}'}.
          </Text>
          <Rows fields={fields.items} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="user">
        <Accordion.Control>Пользовательские поля ({fields.user_fields.length})</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="xs">
            Значения этих полей специалист заполняет в форме документации закупки.
          </Text>
          <Rows fields={fields.user_fields} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The field list of the company, loaded from the server. */
export function TemplateFieldsPanel({ companyId }: { companyId: number }) {
  const q = useTemplateFields(companyId);
  if (!q.data) return null;
  return <TemplateFieldsList fields={q.data} />;
}
