import { Button, Group, Modal, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import {
  type Schema,
  type SchemaValidateOptions,
  schemaValidate,
} from '../../../components/form/schema-validate';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { PagedTable } from '../../../components/table/paged-table';
import {
  type ItemRoutes,
  useCompanyItems,
  useRemoveCompanyItem,
  useSaveCompanyItem,
} from '../api/company-items';

import { type FilterDef, Filters } from './crud-filters';
import { rowActions } from './crud-row-actions';

export type { FilterDef } from './crud-filters';
/** A row of the list: `can_delete` is the server's answer whether the delete would be taken. */
export type CrudRow = { id: number; can_delete: boolean };

export type CrudTabProps<T extends CrudRow, V extends Record<string, unknown>> = {
  companyId: number;
  canWrite: boolean;
  resource: string;
  routes: ItemRoutes;
  columns: DataTableColumn<T>[];
  filters?: FilterDef[];
  emptyValues: V;
  toValues: (record: T) => V;
  /** the shared input schema of create and update, which `toBody(values)` must pass */
  schema: Schema;
  toBody: (values: V) => unknown;
  /** checks the schema leaves to the form */
  also?: SchemaValidateOptions<V>['also'];
  renderFields: (form: UseFormReturnType<V>) => ReactNode;
  labels: {
    table: string;
    add: string;
    createTitle: string;
    editTitle: string;
    saved: string;
    deleted: string;
    deleteQuestion: (record: T) => string;
    name: (record: T) => string;
  };
  /** other sub-resources of the company a change makes stale */
  alsoInvalidate?: string[];
};

/** A company sub-resource: paged table with filters; create, edit and delete where permitted. */
export function CrudTab<T extends CrudRow, V extends Record<string, unknown>>(props: CrudTabProps<T, V>) {
  const { companyId, canWrite, resource, routes, labels } = props;
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(filters, 350);
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  const target = { routes, resource, companyId, alsoInvalidate: props.alsoInvalidate };
  const q = useCompanyItems<T>(target, { page, limit, ...debounced });
  const { form, onError } = useRecordForm<T | 'new', V>({
    record: editing,
    id: (r) => (r === 'new' ? 'new' : r.id),
    toValues: (r) => (r === 'new' ? props.emptyValues : props.toValues(r)),
    empty: props.emptyValues,
    validate: schemaValidate(props.schema, props.toBody, { also: props.also }),
  });

  const save = useSaveCompanyItem(target, {
    meta: { form: true },
    onSuccess: () => {
      notices.success('Сохранено', labels.saved);
      setEditing(null);
    },
    onError,
  });
  const remove = useRemoveCompanyItem(target, {
    onSuccess: () => notices.success('Удалено', labels.deleted),
  });

  const open = (r: T | 'new') => setEditing(r);
  const confirmRemove = (r: T) =>
    modals.openConfirmModal({
      title: 'Удаление',
      children: labels.deleteQuestion(r),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(r.id),
    });

  const columns: DataTableColumn<T>[] = canWrite
    ? [...props.columns, rowActions<T>({ name: labels.name, onEdit: open, onRemove: confirmRemove })]
    : props.columns;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        {props.filters?.length ? (
          <Filters
            defs={props.filters}
            values={filters}
            onChange={(v) => {
              setFilters(v);
              setPage(1);
            }}
          />
        ) : (
          <span />
        )}
        {canWrite ? <Button onClick={() => open('new')}>{labels.add}</Button> : null}
      </Group>
      <PagedTable<T>
        aria-label={labels.table}
        records={q.data?.items ?? []}
        columns={columns}
        total={q.data?.total ?? 0}
        page={page}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={(n) => {
          setLimit(n);
          setPage(1);
        }}
        fetching={q.isFetching}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? labels.createTitle : labels.editTitle}
        size="lg"
      >
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            save.mutate({
              id: editing === 'new' || editing === null ? null : editing.id,
              body: props.toBody(v),
            }),
          )}
        >
          <Stack gap="sm">
            {props.renderFields(form)}
            <FormModalFooter onCancel={() => setEditing(null)} loading={save.isPending} />
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
