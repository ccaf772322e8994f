import { Alert, Badge, Table, Text } from '@mantine/core';
import type { RnpLookupResult } from '@zakupki/shared/api/rnp';
import { formatDate } from '../../../lib/formatters';
import { lawTitle, periodText } from '../model/rnp-view';

/** The answer of a lookup: not checked (no register), nothing found, or the entries of the ИНН. */
export function RnpEntries({ result }: { result: RnpLookupResult }) {
  if (!result.checked)
    return <Alert color="yellow">Проверка по РНП не выполнялась: реестр не загружен.</Alert>;
  const on = formatDate(result.on);
  if (result.items.length === 0)
    return <Alert color="green">На {on} в реестре недобросовестных поставщиков записей нет.</Alert>;
  const inForce = result.items.filter((i) => i.in_force).length;
  return (
    <>
      <Alert color={inForce ? 'red' : 'gray'}>
        {inForce
          ? `На ${on} участник включён в реестр недобросовестных поставщиков.`
          : `На ${on} действующих записей нет; прежние записи ниже.`}
      </Alert>
      <Table aria-label="Записи реестра" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Реестровый номер</Table.Th>
            <Table.Th>Закон</Table.Th>
            <Table.Th>Поставщик</Table.Th>
            <Table.Th>Период</Table.Th>
            <Table.Th>Заказчик, закупка</Table.Th>
            <Table.Th>Основание</Table.Th>
            <Table.Th>На дату</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.items.map((e) => (
            <Table.Tr key={`${e.law}:${e.registry_number}`}>
              <Table.Td>{e.registry_number}</Table.Td>
              <Table.Td>{lawTitle(e.law)}</Table.Td>
              <Table.Td>
                {e.name}
                <Text size="xs" c="dimmed">
                  ИНН {e.inn}
                  {e.kpp ? `, КПП ${e.kpp}` : ''}
                  {e.kpp_matches === false ? ' (КПП не совпадает)' : ''}
                </Text>
              </Table.Td>
              <Table.Td>{periodText(e)}</Table.Td>
              <Table.Td>
                {e.customer_name ?? '—'}
                {e.purchase_number ? (
                  <Text size="xs" c="dimmed">
                    закупка № {e.purchase_number}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{e.reason ?? '—'}</Table.Td>
              <Table.Td>
                <Badge color={e.in_force ? 'red' : 'gray'}>{e.in_force ? 'действует' : 'не действует'}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
