import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type SmeReportFileInput,
  type SmeReportFiling,
  smeReportRoutes,
} from '@zakupki/shared/api/sme-report';
import { api } from '../../../lib/api-client';
import { downloadRoute } from '../../../lib/download';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { smeReportKeys } from './keys';

const params = (companyId: number, year: number) => ({ company_id: companyId, year });

export const smeReportQuery = (companyId: number, year: number) =>
  queryOptions({
    queryKey: smeReportKeys.report(companyId, year),
    queryFn: ({ signal }) =>
      api(smeReportRoutes.get, { params: params(companyId, year), signal, loading: false }),
    placeholderData: keepPreviousData,
  });

/** The report of a year (year-to-date while the year runs). */
export const useSmeReport = (companyId: number, year: number, extra?: QueryExtras) =>
  useQuery({ ...smeReportQuery(companyId, year), ...extra });

/** Marks the report placed in the EIS; the report and the filings are refreshed. */
export const useFileSmeReport = (
  companyId: number,
  extra?: MutationExtras<SmeReportFiling, { year: number; body: SmeReportFileInput }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ year, body }: { year: number; body: SmeReportFileInput }) =>
        api(smeReportRoutes.file, {
          params: params(companyId, year),
          body,
          loading: 'отметка размещения отчёта',
        }),
      invalidates: () => [smeReportKeys.all(companyId)],
    },
    extra,
  );

const downloadSmeXlsx = (companyId: number, year: number) =>
  downloadRoute(
    smeReportRoutes.xlsx,
    { params: params(companyId, year) },
    `Отчёт о закупках у субъектов МСП за ${year} год.xlsx`,
    'формирование отчёта МСП в Excel',
  );

const downloadSmePdf = (companyId: number, year: number) =>
  downloadRoute(
    smeReportRoutes.pdf,
    { params: params(companyId, year) },
    `Отчёт о закупках у субъектов МСП за ${year} год.pdf`,
    'формирование отчёта МСП в PDF',
  );

/** The report's file of a year on `mutate(year)`; a failure (no LibreOffice for PDF) is the usual notice. */
export const useSmeXlsxDownload = (companyId: number) =>
  useMutation({ mutationFn: (year: number) => downloadSmeXlsx(companyId, year) });
export const useSmePdfDownload = (companyId: number) =>
  useMutation({ mutationFn: (year: number) => downloadSmePdf(companyId, year) });
