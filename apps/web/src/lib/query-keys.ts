/**
 * The first element of every query key: one root per kind of data. Each feature builds its key
 * factory on these roots (`contractKeys`, `userKeys`, …), so that a change in one feature, a socket
 * push (`SOCKET_INVALIDATES` in realtime.ts) or the end of a session can invalidate what another
 * feature shows without importing it (docs/web.md, «Query keys»).
 */
export const queryRoots = {
  auth: ['auth'],
  config: ['config'],
  companies: ['companies'],
  users: ['users'],
  notifications: ['notifications'],
  catalogs: ['catalogs'],
  contracts: ['contracts'],
  imports: ['imports'],
  reports: ['reports'],
  documents: ['documents'],
  files: ['files'],
  eisPlans: ['eisPlans'],
  procurementRules: ['procurementRules'],
  procurements: ['procurements'],
  rnp: ['rnp'],
  compliance: ['compliance'],
} as const satisfies Record<string, readonly [string]>;
