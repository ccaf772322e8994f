import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import {
  type ApproveInput,
  type DocumentsRuleInput,
  type PublishInput,
  type RuleInput,
  type RuleUpdateInput,
  procurementRuleRoutes as r,
  type TemplateReport,
  type VersionInput,
} from '@zakupki/shared/api/procurement-rules';
import type { RouteDef } from '@zakupki/shared/contract';
import { api, routeUrl } from '../../../lib/api-client';
import { downloadUrl } from '../../../lib/download';

/**
 * Procurement rules (/api/companies/:company_id/procurement_rules…) as react-query hooks. Keys
 * start with 'procurementRules' so that copyProcurementRuleResponse refreshes them
 * (lib/realtime.ts); each mutation invalidates what it changes.
 */
export const ruleKeys = {
  all: ['procurementRules'] as const,
  company: (companyId: number) => ['procurementRules', companyId] as const,
  list: (companyId: number, q: RuleListParams) => ['procurementRules', companyId, 'list', q] as const,
  rule: (companyId: number, ruleId: number) => ['procurementRules', companyId, 'rule', ruleId] as const,
  versions: (companyId: number, ruleId: number) =>
    ['procurementRules', companyId, 'rule', ruleId, 'versions'] as const,
  docs: (companyId: number, ruleId: number, versionId: number) =>
    ['procurementRules', companyId, 'rule', ruleId, 'docs', versionId] as const,
  deadlines: (companyId: number) => ['procurementRules', companyId, 'deadlines'] as const,
  fields: (companyId: number) => ['procurementRules', companyId, 'fields'] as const,
  catalog: (kind: string, companyId: number) => ['procurementRules', companyId, 'catalog', kind] as const,
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

/** Procurement methods and document kinds the company sees (global and its own), for the selects. */
export const useCatalog = (kind: 'methods' | 'documentKinds', companyId: number) =>
  useQuery({
    queryKey: ruleKeys.catalog(kind, companyId),
    queryFn: ({ signal }) =>
      api(
        catalogRoutes[kind].list as RouteDef,
        {
          query: { company_id: companyId, limit: 500 },
          signal,
          loading: false,
        } as never,
      ) as Promise<{ items: { id: number; code: string; title: string; archived_at: string | null }[] }>,
    staleTime: 5 * 60_000,
  });

export const useCustomers = (companyId: number) =>
  useQuery({
    queryKey: ['procurementRules', companyId, 'customers'],
    queryFn: ({ signal }) =>
      api(companyRoutes.customers.list, {
        params: { id: companyId },
        query: { limit: 500 },
        signal,
        loading: false,
      }),
    staleTime: 5 * 60_000,
  });

export const useMyCompanies = () =>
  useQuery({
    queryKey: ['procurementRules', 'companies'],
    queryFn: ({ signal }) => api(companyRoutes.my, { signal, loading: false }),
    staleTime: 5 * 60_000,
  });

export const usePermissions = (companyId: number | null) =>
  useQuery({
    queryKey: ['companies', companyId, 'permissions'],
    queryFn: ({ signal }) =>
      api(companyRoutes.permissions, { params: { id: companyId ?? 0 }, signal, loading: false }),
    enabled: companyId !== null,
    staleTime: 5 * 60_000,
  });

// ---------------------------------------------------------------- mutations

/** Invalidates the company's rules (lists, cards, versions, deadlines) after a write. */
function useInvalidate(companyId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ruleKeys.company(companyId) });
}

export function useCreateRule(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (body: RuleInput) =>
      api(r.create, { params: { company_id: companyId }, body, loading: 'создание положения' }),
    onSuccess: invalidate,
  });
}

export function useUpdateRule(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: ({ ruleId, body }: { ruleId: number; body: RuleUpdateInput }) =>
      api(r.update, {
        params: { company_id: companyId, rule_id: ruleId },
        body,
        loading: 'сохранение положения',
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteRule(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (ruleId: number) =>
      api(r.remove, { params: { company_id: companyId, rule_id: ruleId }, loading: 'удаление положения' }),
    onSuccess: invalidate,
  });
}

export function useSaveVersion(companyId: number, ruleId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
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
    onSuccess: invalidate,
  });
}

export function useVersionAction(companyId: number, ruleId: number) {
  const invalidate = useInvalidate(companyId);
  const params = (versionId: number) => ({ company_id: companyId, rule_id: ruleId, version_id: versionId });
  return {
    approve: useMutation({
      mutationFn: ({ versionId, body }: { versionId: number; body: ApproveInput }) =>
        api(r.approve, { params: params(versionId), body, loading: 'утверждение редакции' }),
      onSuccess: invalidate,
    }),
    publish: useMutation({
      mutationFn: ({ versionId, body }: { versionId: number; body: PublishInput }) =>
        api(r.publish, { params: params(versionId), body, loading: 'отметка о размещении в ЕИС' }),
      onSuccess: invalidate,
    }),
    newDraft: useMutation({
      mutationFn: (versionId: number) =>
        api(r.newDraft, { params: params(versionId), loading: 'создание черновика' }),
      onSuccess: invalidate,
    }),
    file: useMutation({
      mutationFn: ({ versionId, file }: { versionId: number; file: File }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return api(r.versionFile, {
          params: params(versionId),
          body,
          loading: 'загрузка файла положения',
        } as never);
      },
      onSuccess: invalidate,
    }),
  };
}

export function useDocumentsRuleActions(v: VersionRef) {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: ruleKeys.rule(v.companyId, v.ruleId) });
  const docParams = (id: number) => ({ ...vp(v), id });
  return {
    create: useMutation({
      mutationFn: (body: DocumentsRuleInput) =>
        api(r.createDocumentsRule, { params: vp(v), body, loading: 'добавление документа' }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: DocumentsRuleInput }) =>
        api(r.updateDocumentsRule, { params: docParams(id), body, loading: 'сохранение документа' }),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        api(r.removeDocumentsRule, { params: docParams(id), loading: 'удаление документа' }),
      onSuccess: invalidate,
    }),
    order: useMutation({
      mutationFn: (body: { method_id: number; ids: number[] }) =>
        api(r.orderDocumentsRules, { params: vp(v), body, loading: 'изменение порядка документов' }),
      onSuccess: invalidate,
    }),
    template: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return api(r.template, {
          params: docParams(id),
          body,
          loading: 'загрузка шаблона',
        } as never) as Promise<TemplateReport>;
      },
      onSuccess: invalidate,
    }),
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
