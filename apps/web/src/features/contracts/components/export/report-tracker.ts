import { REPORT_TITLES, type ReportCode, type ReportRun } from '@zakupki/shared/api/exports';
import { useEffect, useRef } from 'react';
import { notices } from '../../../../components/notices/notices.store';
import { useAuthEvent } from '../../../../lib/realtime';
import { getAuthSocket } from '../../../../lib/socket';
import { useReports } from '../../api/exports';

const noticeId = (reportId: number) => `report:${reportId}`;

/**
 * Reports started from this screen: a pending notice until the job ends. The end comes as the
 * `reportCreateResponse` push (its own stored notice replaces ours); without the socket the
 * reports list, polled while a job runs, tells us instead.
 */
export function useReportTracker(companyId: number) {
  const tracked = useRef(new Set<number>());
  const list = useReports(companyId, { page: 1, limit: 20 });

  useAuthEvent('reportCreateResponse', (p) => {
    const id = (p as { report_id?: number }).report_id;
    if (typeof id === 'number' && tracked.current.has(id)) {
      tracked.current.delete(id);
      notices.remove(noticeId(id));
    }
  });

  useEffect(() => {
    if (getAuthSocket()?.connected) return;
    for (const r of list.data?.items ?? []) {
      if (!tracked.current.has(r.id) || (r.status !== 'done' && r.status !== 'failed')) continue;
      tracked.current.delete(r.id);
      if (r.status === 'done') {
        notices.success(r.title, `Файл «${r.file_name ?? ''}» сформирован: скачайте его в списке отчётов`, {
          id: noticeId(r.id),
        });
      } else notices.error(r.title, r.error ?? 'Отчёт не сформирован', { id: noticeId(r.id) });
    }
  }, [list.data]);

  const started = (reportId: number, code: ReportCode) => {
    tracked.current.add(reportId);
    notices.pending(REPORT_TITLES[code], 'Формируется: файл появится в списке отчётов', {
      id: noticeId(reportId),
    });
    void list.refetch();
  };
  return { list, started };
}

export type { ReportRun };
