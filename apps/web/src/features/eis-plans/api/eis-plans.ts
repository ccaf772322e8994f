import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  type EisPlanListQuery,
  type EisPlanPositionQuery,
  eisPlanRoutes,
} from '@zakupki/shared/api/eis-plans';
import { importRoutes } from '@zakupki/shared/api/imports';
import { type Procurement, procurementRoutes } from '@zakupki/shared/api/procurements';
import { buildPath } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { downloadRoute } from '../../../lib/download';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';
import { uploadFiles } from '../../../lib/transfer';

/**
 * Data of the plans screens. Every key starts with 'eisPlans': the `eisPlanResponse` push of a
 * finished import makes them all stale (lib/realtime.ts).
 */
export const eisPlanKeys = {
  all: queryRoots.eisPlans,
  company: (companyId: number) => [...eisPlanKeys.all, companyId] as const,
  list: (companyId: number, q: Partial<EisPlanListQuery>) =>
    [...eisPlanKeys.company(companyId), 'list', q] as const,
  plan: (companyId: number, planId: number) => [...eisPlanKeys.company(companyId), 'plan', planId] as const,
  positions: (companyId: number, planId: number, version: number, q: EisPlanPositionQuery) =>
    [...eisPlanKeys.plan(companyId, planId), 'positions', version, q] as const,
  diff: (companyId: number, planId: number, from: number, to: number) =>
    [...eisPlanKeys.plan(companyId, planId), 'diff', from, to] as const,
  item: (companyId: number, number: string) => [...eisPlanKeys.company(companyId), 'item', number] as const,
  run: (companyId: number, importId: number) =>
    [...eisPlanKeys.company(companyId), 'import', importId] as const,
};

const co = (companyId: number) => ({ company_id: companyId });

export const useEisPlans = (companyId: number | null, q: Partial<EisPlanListQuery>) =>
  useQuery({
    queryKey: eisPlanKeys.list(companyId ?? 0, q),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.list, { params: co(companyId as number), query: q, signal, loading: false }),
    enabled: !!companyId,
    placeholderData: keepPreviousData,
  });

export const useEisPlan = (companyId: number | null, planId: number | null) =>
  useQuery({
    queryKey: eisPlanKeys.plan(companyId ?? 0, planId ?? 0),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.get, {
        params: { ...co(companyId as number), plan_id: planId as number },
        signal,
        loading: false,
      }),
    enabled: !!companyId && !!planId,
  });

export const useEisPlanPositions = (
  companyId: number | null,
  planId: number | null,
  version: number | null,
  q: EisPlanPositionQuery,
) =>
  useQuery({
    queryKey: eisPlanKeys.positions(companyId ?? 0, planId ?? 0, version ?? 0, q),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.positions, {
        params: { ...co(companyId as number), plan_id: planId as number, version: version as number },
        query: q as never,
        signal,
        loading: false,
      }),
    enabled: !!companyId && !!planId && !!version,
    placeholderData: keepPreviousData,
  });

export const useEisPlanDiff = (
  companyId: number | null,
  planId: number,
  from: number | null,
  to: number | null,
) =>
  useQuery({
    queryKey: eisPlanKeys.diff(companyId ?? 0, planId, from ?? 0, to ?? 0),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.diff, {
        params: { ...co(companyId as number), plan_id: planId },
        query: { from: from as number, to: to as number },
        signal,
        loading: false,
      }),
    enabled: !!companyId && !!from && !!to && from !== to,
  });

export const useEisPlanItem = (companyId: number | null, number: string) =>
  useQuery({
    queryKey: eisPlanKeys.item(companyId ?? 0, number),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.item, { params: { ...co(companyId as number), number }, signal, loading: false }),
    enabled: !!companyId && !!number,
    retry: false,
  });

/** The run of a plan import: polled while it works (the push refreshes it sooner). */
export const useEisPlanImportRun = (companyId: number | null, importId: number | null) =>
  useQuery({
    queryKey: eisPlanKeys.run(companyId ?? 0, importId ?? 0),
    queryFn: ({ signal }) =>
      api(importRoutes.get, {
        params: { ...co(companyId as number), import_id: importId as number },
        signal,
        loading: false,
      }),
    enabled: !!companyId && !!importId,
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'done' || s === 'failed' ? false : 1000;
    },
    staleTime: 0,
  });

/** POST …/imports/eis-plans (multipart) with upload progress; resolves with the import id. */
export const useEisPlanUpload = (companyId: number | null, onProgress: (percent: number) => void) =>
  useMutation({
    mutationFn: (files: File[]) =>
      uploadFiles<{ import_id: number }>(
        buildPath(eisPlanRoutes.import.path, co(companyId as number)),
        files,
        {},
        onProgress,
      ),
  });

export const useEisPlanXlsx = (companyId: number | null) =>
  useMutation({
    mutationFn: (p: { planId: number; version: number; registrationNumber: string }) =>
      downloadRoute(
        eisPlanRoutes.xlsx,
        { params: { ...co(companyId as number), plan_id: p.planId, version: p.version } },
        `План закупки ${p.registrationNumber} версия ${p.version}.xlsx`,
        'выгрузка плана в Excel',
      ),
  });

/** What the user may do in the company (procurements.write shows «Создать закупку по позиции»). */
export const useEisPlanPermissions = (companyId: number | null) =>
  useCompanyPermissions(companyId ?? 0, { enabled: !!companyId, staleTime: 5 * 60_000 });

/**
 * «Создать закупку по позиции»: a draft procurement from the position (POST …/procurements/from-plan).
 * The position's linked procurements and the company's procurement register become stale.
 */
export const useCreateProcurementFromPosition = (
  companyId: number | null,
  extra?: MutationExtras<Procurement, number>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (positionId: number) =>
        api(procurementRoutes.fromPlan, {
          params: co(companyId as number),
          body: { plan_position_id: positionId },
          loading: 'создание закупки по позиции плана',
        }),
      invalidates: () => [eisPlanKeys.company(companyId ?? 0), [...queryRoots.procurements, companyId ?? 0]],
    },
    extra,
  );
