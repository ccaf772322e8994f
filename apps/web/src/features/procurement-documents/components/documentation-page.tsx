import { Alert, Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { procurementDocumentRoutes } from '@zakupki/shared/api/procurement-documents';
import { PROCUREMENT_STATUS_TITLES } from '@zakupki/shared/api/procurements-model';
import { mayCall } from '@zakupki/shared/contract';
import { Link, useParams } from 'react-router';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { formatMoney } from '../../../lib/formatters';
import { ApiError } from '../../../lib/http-errors';
import { useGeneration } from '../api/generation';
import { useDocumentation, useProcurementHead } from '../api/procurement-documents';
import { DocumentsList } from './documents-list';
import { FieldsForm } from './fields-form';

/** /procurement_documents/:id — the documentation of procurement :id. */
export function DocumentationRoute() {
  const { id = '' } = useParams();
  const company = useSelectedCompany();
  const procurementId = Number(id);
  if (!Number.isInteger(procurementId) || procurementId <= 0)
    return (
      <Alert color="red" title="Закупка не найдена">
        Неверный номер закупки в адресе: «{id}».
      </Alert>
    );
  if (!company) return <Alert color="gray">Выберите компанию в шапке.</Alert>;
  return (
    <DocumentationPage
      companyId={company.id}
      companyTitle={companyLabel(company)}
      procurementId={procurementId}
    />
  );
}

export function DocumentationPage({
  companyId,
  companyTitle,
  procurementId,
}: {
  companyId: number;
  companyTitle: string;
  procurementId: number;
}) {
  const head = useProcurementHead(companyId, procurementId);
  const permissions = useCompanyPermissions(companyId, { staleTime: 5 * 60_000 });
  const canWrite = mayCall(procurementDocumentRoutes.saveValues, permissions.data ?? []);
  const doc = useDocumentation(companyId, procurementId);
  const generation = useGeneration(companyId, procurementId);
  const p = head.data;

  const notFound =
    (head.error instanceof ApiError && head.error.status === 404) ||
    (doc.error instanceof ApiError && doc.error.status === 404);
  if (notFound)
    return (
      <Alert color="red" title="Закупка не найдена">
        В реестре закупок компании «{companyTitle}» нет закупки № {procurementId}.
      </Alert>
    );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm">
          <Anchor component={Link} to="/documents">
            Реестр закупок
          </Anchor>
          {' / '}
          <Anchor component={Link} to={`/documents/${procurementId}`}>
            Закупка {p ? `№ ${p.number}` : ''}
          </Anchor>
        </Text>
        <Title order={2}>Документация закупки{p ? ` № ${p.number}` : ''}</Title>
        {p ? (
          <Group gap="xs">
            <Badge variant="light">{PROCUREMENT_STATUS_TITLES[p.status]}</Badge>
            <Text size="sm">{p.subject}</Text>
            <Text size="sm" c="dimmed">
              {p.method_title} · НМЦД {formatMoney(p.nmcd)} · Положение «{p.rule_title}», версия{' '}
              {p.rule_version_number}
            </Text>
          </Group>
        ) : null}
      </Stack>
      {doc.isPending ? <Loader size="sm" aria-label="Загрузка документации" /> : null}
      {doc.isError && !notFound ? (
        <Alert color="red" title="Документация не загружена">
          {doc.error.message}
        </Alert>
      ) : null}
      {doc.data ? (
        <>
          <DocumentsList
            companyId={companyId}
            doc={doc.data}
            canWrite={canWrite}
            generation={generation.state}
            busy={generation.busy}
            onGenerate={generation.start}
          />
          <FieldsForm companyId={companyId} doc={doc.data} canWrite={canWrite} />
        </>
      ) : null}
    </Stack>
  );
}
