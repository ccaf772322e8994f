import type { Procurement } from '@zakupki/shared/api/procurements';

/** What the card and its parts are given: the company, the procurement, and whether the user may change it. */
export type CardProps = { companyId: number; procurement: Procurement; canWrite: boolean };
