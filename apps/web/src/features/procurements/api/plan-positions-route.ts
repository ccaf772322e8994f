import { PageQuery, pageOf } from '@zakupki/shared/api/common';
import { defineRoute } from '@zakupki/shared/contract';
import { z } from 'zod';

/**
 * TEMPORARY, declared here until packages/shared has it: the company-wide search of EIS plan
 * positions (`GET /api/companies/:company_id/eis_plan_positions`, branch `pickers` adds it as
 * `eisPlanRoutes.searchPositions`). The procurement form needs the position's `id`
 * (`plan_position_id`), which that branch's option lacks: at merge the shared option gains `id`
 * and this file gives way to `eisPlanRoutes.searchPositions`.
 */
export const planPositionSearchRoute = defineRoute({
  method: 'GET',
  path: '/api/companies/:company_id/eis_plan_positions',
  summary: 'Positions of all plans of the company as their versions in force state them, for a picker',
  tags: ['eis-plans'],
  company: 'company_id',
  permission: 'contracts.read',
  params: z.object({ company_id: z.coerce.number().int().positive() }),
  query: PageQuery.extend({ q: z.string().trim().max(200).optional() }),
  response: {
    200: pageOf(
      z.object({
        id: z.number().int(),
        number: z.string(),
        subject: z.string(),
        price: z.string().nullable(),
        currency: z.string().nullable(),
        status: z.string().nullable(),
        status_title: z.string().nullable(),
        method_name: z.string().nullable(),
        registration_number: z.string(),
        plan_year: z.number().int(),
      }),
    ),
  },
});
export type PlanPositionOption = z.infer<(typeof planPositionSearchRoute.response)[200]>['items'][number];
