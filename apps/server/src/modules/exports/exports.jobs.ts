import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import { runReport } from './report-runner.js';

/** Builds one report run (EIS XML, OCDS package, monthly report) and stores its file. */
export const reportJob = defineJob({
  name: 'exports.report',
  payload: z.object({ report_id: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  expireInSeconds: 1800,
  concurrency: 2,
  handler: (p, ctx) => runReport(p.report_id, ctx),
});
