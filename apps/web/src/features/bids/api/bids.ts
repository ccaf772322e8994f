import { useMutation, useQuery } from '@tanstack/react-query';
import { type BidProtocol, bidRoutes as r } from '@zakupki/shared/api/bids';
import type {
  BidAdmissionInput,
  BidInput,
  BidProtocolKind,
  BidScoresInput,
  CommissionInput,
} from '@zakupki/shared/api/bids-model';
import { api } from '../../../lib/api-client';
import { downloadFile, downloadRoute } from '../../../lib/download';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { bidKeys } from './keys';

/**
 * Bids, admission, scores, commission and protocols of one procurement
 * (/api/companies/:company_id/procurements/:id/…, packages/shared/src/api/bids.ts). Every write
 * makes the procurement's keys stale (results, card, history); the contract from the winner also
 * the company's contracts.
 */

type Results = Awaited<ReturnType<typeof api<typeof r.results>>>;
type BidOut = Awaited<ReturnType<typeof api<typeof r.create>>>;

export function useResults(companyId: number, procurementId: number, extra?: QueryExtras) {
  return useQuery({
    queryKey: bidKeys.results(companyId, procurementId),
    queryFn: ({ signal }) =>
      api(r.results, { params: { company_id: companyId, id: procurementId }, signal, loading: false }),
    meta: { silent: true },
    ...extra,
  });
}

/** A write of this procurement: the procurement's keys are stale afterwards (results under them). */
function useProcurementWrite<TData, TVars>(
  companyId: number,
  procurementId: number,
  mutationFn: (params: { company_id: number; id: number }, vars: TVars) => Promise<TData>,
  extra?: MutationExtras<TData, TVars>,
  alsoContracts = false,
) {
  return useInvalidatingMutation<TData, TVars>(
    {
      mutationFn: (vars) => mutationFn({ company_id: companyId, id: procurementId }, vars),
      update: (qc, data) => {
        // the scores and commission answer with the whole results
        if (data && typeof data === 'object' && 'lots' in data)
          qc.setQueryData(bidKeys.results(companyId, procurementId), data as unknown as Results);
      },
      invalidates: () =>
        alsoContracts ? [bidKeys.all(companyId), bidKeys.contracts(companyId)] : [bidKeys.all(companyId)],
    },
    extra,
  );
}

export type SaveBidVars = { bidId: number | null; body: BidInput };
export const useSaveBid = (c: number, p: number, extra?: MutationExtras<BidOut, SaveBidVars>) =>
  useProcurementWrite(
    c,
    p,
    (params, { bidId, body }) =>
      bidId === null
        ? api(r.create, { params, body, loading: 'сохранение заявки' })
        : api(r.update, { params: { ...params, bid_id: bidId }, body, loading: 'сохранение заявки' }),
    extra,
  );

export const useRemoveBid = (c: number, p: number, extra?: MutationExtras<unknown, number>) =>
  useProcurementWrite(
    c,
    p,
    (params, bidId) => api(r.remove, { params: { ...params, bid_id: bidId } }),
    extra,
  );

export type AdmissionVars = { bidId: number; body: BidAdmissionInput };
export const useAdmission = (c: number, p: number, extra?: MutationExtras<BidOut, AdmissionVars>) =>
  useProcurementWrite(
    c,
    p,
    (params, { bidId, body }) =>
      api(r.admission, { params: { ...params, bid_id: bidId }, body, loading: 'решение о допуске' }),
    extra,
  );

const formOf = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return fd;
};

export const useAddBidFile = (
  c: number,
  p: number,
  extra?: MutationExtras<BidOut, { bidId: number; file: File }>,
) =>
  useProcurementWrite(
    c,
    p,
    (params, { bidId, file }) =>
      api(r.addFile, { params: { ...params, bid_id: bidId }, body: formOf(file), loading: 'загрузка файла' }),
    extra,
  );

export const useRemoveBidFile = (
  c: number,
  p: number,
  extra?: MutationExtras<BidOut, { bidId: number; fileId: number }>,
) =>
  useProcurementWrite(
    c,
    p,
    (params, { bidId, fileId }) =>
      api(r.removeFile, { params: { ...params, bid_id: bidId, file_id: fileId } }),
    extra,
  );

export const useUploadBids = (
  c: number,
  p: number,
  extra?: MutationExtras<Awaited<ReturnType<typeof api<typeof r.upload>>>, File>,
) =>
  useProcurementWrite(
    c,
    p,
    (params, file) => api(r.upload, { params, body: formOf(file), loading: 'загрузка заявок из XLSX' }),
    extra,
  );

export const useBidsFromEis = (
  c: number,
  p: number,
  extra?: MutationExtras<Awaited<ReturnType<typeof api<typeof r.fromEis>>>, void>,
) =>
  useProcurementWrite(
    c,
    p,
    (params) => api(r.fromEis, { params, loading: 'загрузка заявок из протоколов ЕИС' }),
    extra,
  );

export const useSaveScores = (c: number, p: number, extra?: MutationExtras<Results, BidScoresInput>) =>
  useProcurementWrite(
    c,
    p,
    (params, body) => api(r.scores, { params, body, loading: 'сохранение оценок' }),
    extra,
  );

export const useSaveCommission = (c: number, p: number, extra?: MutationExtras<Results, CommissionInput>) =>
  useProcurementWrite(
    c,
    p,
    (params, body) => api(r.commission, { params, body, loading: 'сохранение состава комиссии' }),
    extra,
  );

export const useGenerateProtocol = (
  c: number,
  p: number,
  extra?: MutationExtras<BidProtocol, BidProtocolKind>,
) =>
  useProcurementWrite(
    c,
    p,
    (params, kind) => api(r.generateProtocol, { params, body: { kind }, loading: 'формирование протокола' }),
    extra,
  );

export type SignVars = { protocolId: number; signed_on: string; reason?: string | null };
export const useSignProtocol = (c: number, p: number, extra?: MutationExtras<BidProtocol, SignVars>) =>
  useProcurementWrite(
    c,
    p,
    (params, { protocolId, ...body }) =>
      api(r.signProtocol, {
        params: { ...params, protocol_id: protocolId },
        body,
        loading: 'подписание протокола',
      }),
    extra,
  );

/** The lot whose winner the contract is drawn for; null: the only lot with a winner. */
export type ContractVars = { protocolId: number; lotId: number | null };
export const useContractFromWinner = (
  c: number,
  p: number,
  extra?: MutationExtras<{ contract_id: number; protocol: BidProtocol }, ContractVars>,
) =>
  useProcurementWrite(
    c,
    p,
    (params, { protocolId, lotId }) =>
      api(r.contractFromWinner, {
        params: { ...params, protocol_id: protocolId },
        body: { lot_id: lotId },
        loading: 'формирование договора',
      }),
    extra,
    true,
  );

/** The XLSX template of the upload (with the procurement's lots and items). */
export const useBidTemplate = (c: number, p: number) =>
  useMutation({
    mutationFn: () =>
      downloadRoute(
        r.template,
        { params: { company_id: c, id: p } },
        `zayavki-${p}.xlsx`,
        'скачивание шаблона',
      ),
  });

/** A stored file: a bid's document or a protocol's DOCX. */
export const useDownload = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: number; name?: string | null }) => downloadFile(id, name ?? undefined),
  });
