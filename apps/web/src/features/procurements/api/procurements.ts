import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type Procurement, procurementRoutes } from '@zakupki/shared/api/procurements';
import type {
  ProcurementInput,
  ProcurementPinInput,
  ProcurementStatusInput,
  ProtocolInput,
} from '@zakupki/shared/api/procurements-model';
import { api } from '../../../lib/api-client';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { downloadRoute } from '../../../lib/download';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import type { ListQuery } from '../model/filters';
import { procurementKeys } from './keys';

/** The procurement register and card (GET/POST/PUT …/companies/:company_id/procurements…). */
const co = (companyId: number) => ({ company_id: companyId });

export const procurementListQuery = (companyId: number, q: ListQuery) =>
  queryOptions({
    queryKey: procurementKeys.list(companyId, q),
    queryFn: ({ signal }) =>
      api(procurementRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export const procurementQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: procurementKeys.card(companyId, id),
    queryFn: ({ signal }) =>
      api(procurementRoutes.get, { params: { ...co(companyId), id }, signal, loading: false }),
  });

/** Open duties of the company's procurements (notice, protocols, contract window), nearest first. */
export const procurementDeadlinesQuery = (companyId: number) =>
  queryOptions({
    queryKey: procurementKeys.deadlines(companyId),
    queryFn: ({ signal }) =>
      api(procurementRoutes.deadlines, { params: { company_id: companyId }, signal, loading: false }),
  });

export const useProcurementList = (companyId: number, q: ListQuery, extra?: QueryExtras) =>
  useQuery({ ...procurementListQuery(companyId, q), ...extra });
export const useProcurement = (companyId: number, id: number, extra?: QueryExtras) =>
  useQuery({ ...procurementQuery(companyId, id), ...extra });
export const useProcurementHistory = (companyId: number, id: number) =>
  useQuery({
    queryKey: procurementKeys.history(companyId, id),
    queryFn: ({ signal }) =>
      api(procurementRoutes.history, { params: { ...co(companyId), id }, signal, loading: false }),
  });

/** What the user may do in the company (procurements.write …). */
export const useProcurementPermissions = (companyId: number, extra?: QueryExtras) =>
  useCompanyPermissions(companyId, { staleTime: 5 * 60_000, ...extra });

/** The register view as XLSX: the list's filters and sort, every matching row; resolves with the file's name. */
export const useRegisterXlsx = (
  companyId: number,
  extra?: MutationExtras<Awaited<ReturnType<typeof downloadRoute>>, ListQuery>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (q: ListQuery) => {
        const { page: _p, limit: _l, ...filters } = q;
        return downloadRoute(
          procurementRoutes.exportXlsx,
          { params: co(companyId), query: filters },
          'Реестр закупок.xlsx',
          'выгрузка реестра закупок в Excel',
        );
      },
    },
    extra,
  );

/** Every write answers with the card: it replaces the cached card, the company's lists refresh. */
const procurementWrite = (companyId: number) => ({
  update: (qc: QueryClient, p: Procurement) => qc.setQueryData(procurementKeys.card(companyId, p.id), p),
  invalidates: () => [procurementKeys.all(companyId)],
});

export type ProcurementSave = { id: null; body: ProcurementInput } | { id: number; body: ProcurementInput };

/** Create (`id` null) or update a procurement. */
export const useSaveProcurement = (companyId: number, extra?: MutationExtras<Procurement, ProcurementSave>) =>
  useInvalidatingMutation(
    {
      mutationFn: (v: ProcurementSave) =>
        v.id === null
          ? api(procurementRoutes.create, {
              params: co(companyId),
              body: v.body,
              loading: 'создание закупки',
            })
          : api(procurementRoutes.update, {
              params: { ...co(companyId), id: v.id },
              body: v.body,
              loading: 'сохранение закупки',
            }),
      ...procurementWrite(companyId),
    },
    extra,
  );

/** A draft procurement from a position of an EIS plan (the plan position screen's button). */
export const useCreateFromPlan = (
  companyId: number,
  extra?: MutationExtras<Procurement, { plan_position_id: number; method_id?: number | null }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: { plan_position_id: number; method_id?: number | null }) =>
        api(procurementRoutes.fromPlan, {
          params: co(companyId),
          body,
          loading: 'создание закупки по позиции плана',
        }),
      ...procurementWrite(companyId),
    },
    extra,
  );

export const useRemoveProcurement = (companyId: number, extra?: MutationExtras<unknown, number>) =>
  useInvalidatingMutation(
    {
      mutationFn: (id: number) =>
        api(procurementRoutes.remove, { params: { ...co(companyId), id }, loading: 'удаление закупки' }),
      invalidates: () => [procurementKeys.all(companyId)],
    },
    extra,
  );

/** The Положение versions an unpinned (imported) procurement may be pinned to: in force on its day. */
export const usePinOptions = (companyId: number, id: number, extra?: QueryExtras) =>
  useQuery({
    queryKey: procurementKeys.pinOptions(companyId, id),
    queryFn: ({ signal }) =>
      api(procurementRoutes.pinOptions, { params: { ...co(companyId), id }, signal, loading: false }),
    ...extra,
  });

/** Pins an imported procurement to a Положение version. */
export const usePinProcurement = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Procurement, ProcurementPinInput>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: ProcurementPinInput) =>
        api(procurementRoutes.pin, {
          params: { ...co(companyId), id },
          body,
          loading: 'привязка закупки к Положению',
        }),
      ...procurementWrite(companyId),
    },
    extra,
  );

export const useChangeProcurementStatus = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Procurement, ProcurementStatusInput>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: ProcurementStatusInput) =>
        api(procurementRoutes.status, {
          params: { ...co(companyId), id },
          body,
          loading: 'смена статуса закупки',
        }),
      ...procurementWrite(companyId),
    },
    extra,
  );

export type ProtocolSave = { protocolId: number | null; body: ProtocolInput };

/** Add (`protocolId` null) or edit a protocol. */
export const useSaveProtocol = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Procurement, ProtocolSave>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (v: ProtocolSave) =>
        v.protocolId === null
          ? api(procurementRoutes.addProtocol, {
              params: { ...co(companyId), id },
              body: v.body,
              loading: 'сохранение протокола',
            })
          : api(procurementRoutes.updateProtocol, {
              params: { ...co(companyId), id, protocol_id: v.protocolId },
              body: v.body,
              loading: 'сохранение протокола',
            }),
      ...procurementWrite(companyId),
    },
    extra,
  );

export const useRemoveProtocol = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Procurement, number>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (protocolId: number) =>
        api(procurementRoutes.removeProtocol, {
          params: { ...co(companyId), id, protocol_id: protocolId },
          loading: 'удаление протокола',
        }),
      ...procurementWrite(companyId),
    },
    extra,
  );
