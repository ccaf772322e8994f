import { ROLES } from '@zakupki/shared';
import { z } from 'zod';
import type { Actor } from '../types.js';

/**
 * Who asked for a job, in its payload: a job acts (checks rights, audits) as its author. A job's
 * payload schema extends this one; `jobActor` gives the actor back inside the handler.
 */
export const JobAuthor = z.object({
  user_id: z.number().int().positive(),
  role: z.enum(ROLES),
  login: z.string(),
});
export type JobAuthor = z.output<typeof JobAuthor>;

/** The author of a job as an actor (no session, no company of its own; requestId names the job). */
export const jobActor = (p: JobAuthor, jobId: string): Actor => ({
  userId: p.user_id,
  role: p.role,
  companyId: null,
  title: p.login,
  login: p.login,
  sessionId: 0,
  requestId: `job:${jobId}`,
});
