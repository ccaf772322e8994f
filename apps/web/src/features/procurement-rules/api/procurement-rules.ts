import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import {
  type ApproveInput,
  type DocumentsRuleInput,
  type PublishInput,
  type RuleInput,
  type RuleUpdateInput,
  procurementRuleRoutes as r,
  type VersionInput,
} from '@zakupki/shared/api/procurement-rules';
import { api, routeUrl } from '../../../lib/api-client';
import { customerOptionsQuery, methodOptionsQuery } from '../../../lib/catalog-options';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { downloadUrl } from '../../../lib/download';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Procurement rules (/api/companies/:company_id/procurement_rules…) as react-query hooks. Keys
 * start with 'procurementRules' so that copyProcurementRuleResponse refreshes them
 * (lib/realtime.ts); each mutation invalidates what it changes.
 */
export const ruleKeys = {
  all: queryRoots.procurementRules,
  company: (companyId: number) => [...ruleKeys.all, companyId] as const,
  list: (companyId: number, q: RuleListParams) => [...ruleKeys.company(companyId), 'list', q] as const,
  rule: (companyId: number, ruleId: number) => [...ruleKeys.company(companyId), 'rule', ruleId] as const,
  versions: (companyId: number, ruleId: number) => [...ruleKeys.rule(companyId, ruleId), 'versions'] as const,
  docs: (companyId: number, ruleId: number, versionId: number) =>
    [...ruleKeys.rule(companyId, ruleId), 'docs', versionId] as const,
  deadlines: (companyId: number) => [...ruleKeys.company(companyId), 'deadlines'] as const,
  fields: (companyId: number) => [...ruleKeys.company(companyId), 'fields'] as const,
  /** document kinds live under the catalogs root: a catalogue change refreshes them */
  documentKinds: (companyId: number) =>
    [...queryRoots.catalogs, 'documentKinds', 'options', companyId] as const,
};

export type RuleListParams = { page: number; limit: number; archived: boolean; q?: string };
export type VersionRef = { companyId: number; ruleId: number; versionId: number };
const vp = (v: VersionRef) => ({ company_id: v.companyId, rule_id: v.ruleId, version_id: v.versionId });

export const useRules = (companyId: number, q: RuleListParams) =>
  useQuery({
    queryKey: ruleKeys.list(companyId, q),
    queryFn: ({ signal }) =>
      api(r.list, {
        params: { company_id: companyId },
        query: { page: q.page, limit: q.limit, q: q.q, include_archived: q.archived ? 'true' : undefined },
        signal,
        loading: false,
      }),
    placeholderData: keepPreviousData,
  });

export const useRule = (companyId: number, ruleId: number) =>
  useQuery({
    queryKey: ruleKeys.rule(companyId, ruleId),
    queryFn: ({ signal }) =>
      api(r.get, { params: { company_id: companyId, rule_id: ruleId }, signal, loading: false }),
  });

export const useVersions = (companyId: number, ruleId: number) =>
  useQuery({
    queryKey: ruleKeys.versions(companyId, ruleId),
    queryFn: ({ signal }) =>
      api(r.versions, { params: { company_id: companyId, rule_id: ruleId }, signal, loading: false }),
  });

export const ruleDeadlinesQuery = (companyId: number) =>
  queryOptions({
    queryKey: ruleKeys.deadlines(companyId),
    queryFn: ({ signal }) => api(r.deadlines, { params: { company_id: companyId }, signal, loading: false }),
  });

export const useDocumentsRules = (v: VersionRef) =>
  useQuery({
    queryKey: ruleKeys.docs(v.companyId, v.ruleId, v.versionId),
    queryFn: ({ signal }) => api(r.documentsRules, { params: vp(v), signal, loading: false }),
  });

export const useTemplateFields = (companyId: number) =>
  useQuery({
    queryKey: ruleKeys.fields(companyId),
    queryFn: ({ signal }) =>
      api(r.systemFields, { params: { company_id: companyId }, signal, loading: false }),
    staleTime: 10 * 60_000,
  });

/** Procurement methods the company sees (global and its own): the shared method options. */
export const useMethods = (companyId: number) => useQuery(methodOptionsQuery(companyId));

/** Document kinds the company sees (global and its own), for the documents rules' select. */
export const useDocumentKinds = (companyId: number) =>
  useQuery({
    queryKey: ruleKeys.documentKinds(companyId),
    queryFn: ({ signal }) =>
      api(catalogRoutes.documentKinds.list, {
        query: { company_id: companyId, limit: 500 },
        signal,
        loading: false,
      }),
    staleTime: 5 * 60_000,
  });

/** The company's customers (the rules' «Заказчик» select): the shared customer options. */
export const useCustomers = (companyId: number) => useQuery(customerOptionsQuery(companyId));

/** What the user may do in the company (`procurement_rules.write`): the shared company query. */
export const usePermissions = (companyId: number | null) =>
  useCompanyPermissions(companyId ?? 0, { enabled: companyId !== null, staleTime: 5 * 60_000 });

// ---------------------------------------------------------------- mutations

/**
 * Every write refreshes the company's rules (lists, cards, versions, deadlines). A dialog's write
 * (`inPlace`) shows the server's refusal in the dialog (`useRefusal`), so the global notice is off.
 */
const inPlace = { meta: { handled: true } } as const;
const writes = (companyId: number) => ({ invalidates: () => [ruleKeys.company(companyId)] });

export const useCreateRule = (companyId: number) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: RuleInput) =>
        api(r.create, { params: { company_id: companyId }, body, loading: 'создание положения' }),
      ...writes(companyId),
    },
    inPlace,
  );

export const useUpdateRule = (companyId: number) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ ruleId, body }: { ruleId: number; body: RuleUpdateInput }) =>
        api(r.update, {
          params: { company_id: companyId, rule_id: ruleId },
          body,
          loading: 'сохранение положения',
        }),
      ...writes(companyId),
    },
    inPlace,
  );

export const useDeleteRule = (companyId: number) =>
  useInvalidatingMutation({
    mutationFn: (ruleId: number) =>
      api(r.remove, { params: { company_id: companyId, rule_id: ruleId }, loading: 'удаление положения' }),
    ...writes(companyId),
  });

export const useSaveVersion = (companyId: number, ruleId: number) =>
  useInvalidatingMutation(
    {
      mutationFn: ({
        versionId,
        body,
        removeDocumentsRules,
      }: {
        versionId: number | null;
        body: VersionInput;
        /** The user confirmed deleting the documents rules of the methods the save drops. */
        removeDocumentsRules?: boolean;
      }) =>
        versionId === null
          ? api(r.createVersion, {
              params: { company_id: companyId, rule_id: ruleId },
              body,
              loading: 'создание редакции',
            })
          : api(r.updateVersion, {
              params: { company_id: companyId, rule_id: ruleId, version_id: versionId },
              body: removeDocumentsRules ? { ...body, remove_documents_rules: true } : body,
              loading: 'сохранение редакции',
            }),
      ...writes(companyId),
    },
    inPlace,
  );

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

export function useVersionAction(companyId: number, ruleId: number) {
  const params = (versionId: number) => ({ company_id: companyId, rule_id: ruleId, version_id: versionId });
  return {
    approve: useInvalidatingMutation(
      {
        mutationFn: ({ versionId, body }: { versionId: number; body: ApproveInput }) =>
          api(r.approve, { params: params(versionId), body, loading: 'утверждение редакции' }),
        ...writes(companyId),
      },
      inPlace,
    ),
    publish: useInvalidatingMutation(
      {
        mutationFn: ({ versionId, body }: { versionId: number; body: PublishInput }) =>
          api(r.publish, { params: params(versionId), body, loading: 'отметка о размещении в ЕИС' }),
        ...writes(companyId),
      },
      inPlace,
    ),
    newDraft: useInvalidatingMutation({
      mutationFn: (versionId: number) =>
        api(r.newDraft, { params: params(versionId), loading: 'создание черновика' }),
      ...writes(companyId),
    }),
    file: useInvalidatingMutation(
      {
        mutationFn: ({ versionId, file }: { versionId: number; file: File }) =>
          api(r.versionFile, {
            params: params(versionId),
            body: fileBody(file),
            loading: 'загрузка файла положения',
          }),
        ...writes(companyId),
      },
      inPlace,
    ),
  };
}

export function useDocumentsRuleActions(v: VersionRef) {
  const docParams = (id: number) => ({ ...vp(v), id });
  const doc = { invalidates: () => [ruleKeys.rule(v.companyId, v.ruleId)] };
  return {
    create: useInvalidatingMutation(
      {
        mutationFn: (body: DocumentsRuleInput) =>
          api(r.createDocumentsRule, { params: vp(v), body, loading: 'добавление документа' }),
        ...doc,
      },
      inPlace,
    ),
    update: useInvalidatingMutation(
      {
        mutationFn: ({ id, body }: { id: number; body: DocumentsRuleInput }) =>
          api(r.updateDocumentsRule, { params: docParams(id), body, loading: 'сохранение документа' }),
        ...doc,
      },
      inPlace,
    ),
    remove: useInvalidatingMutation({
      mutationFn: (id: number) =>
        api(r.removeDocumentsRule, { params: docParams(id), loading: 'удаление документа' }),
      ...doc,
    }),
    order: useInvalidatingMutation({
      mutationFn: (body: { method_id: number; ids: number[] }) =>
        api(r.orderDocumentsRules, { params: vp(v), body, loading: 'изменение порядка документов' }),
      ...doc,
    }),
    template: useInvalidatingMutation(
      {
        mutationFn: ({ id, file }: { id: number; file: File }) =>
          api(r.template, { params: docParams(id), body: fileBody(file), loading: 'загрузка шаблона' }),
        ...doc,
      },
      inPlace,
    ),
    preview: useMutation({
      mutationFn: (id: number) =>
        downloadUrl(
          routeUrl(r.preview, { params: docParams(id) }),
          'предпросмотр.docx',
          'формирование предпросмотра',
        ),
    }),
  };
}
