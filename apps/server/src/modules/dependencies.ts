/**
 * The direction between the server's modules: each module names the modules it may import (types
 * included). Shared machinery lives below every module (`src/lib`, `src/kernel`, `src/db`,
 * `src/plugins`), and the demo seed (`src/db/seed/demo`) above them. The table is a strict order:
 * test/modules.test.ts fails on an import it does not allow and on any cycle. Tests and test
 * factories (`*.test.ts`, `*.factories.ts`) may reach any module.
 */
export const MODULE_DEPENDENCIES: Record<string, readonly string[]> = {
  audit: [],
  access: ['audit'],
  calendar: [],
  law: ['calendar'],
  mail: [],
  notifications: ['access'],
  files: ['access'],
  tariffs: ['audit'],
  classifiers: [],
  // the register of unfair suppliers: reference data below bids and analytics
  rnp: ['audit', 'classifiers'],
  companies: ['access', 'audit', 'tariffs'],
  auth: ['audit', 'companies', 'mail', 'tariffs'],
  users: ['access', 'audit', 'auth', 'companies', 'mail', 'tariffs'],
  system: ['access', 'notifications'],
  catalogs: ['access', 'audit', 'files', 'tariffs'],
  'procurement-rules': ['access', 'audit', 'calendar', 'catalogs', 'law', 'files'],
  'procurement-documents': ['access', 'audit', 'calendar', 'law', 'files', 'procurement-rules'],
  // the plans' violations are stored when a procurement or contract linked to a position changes
  'eis-plans': ['audit', 'calendar', 'law', 'files'],
  // the move to «Документация готова» asks whether every document is complete
  procurements: [
    'access',
    'audit',
    'calendar',
    'catalogs',
    'eis-plans',
    'law',
    'files',
    'procurement-documents',
    'procurement-rules',
  ],
  // the НМЦД justification: prices from the contract register, applied through the procurements service
  nmck: [
    'access',
    'audit',
    'calendar',
    'contracts',
    'files',
    'law',
    'procurement-documents',
    'procurement-rules',
    'procurements',
  ],
  contracts: ['access', 'audit', 'calendar', 'catalogs', 'eis-plans', 'law', 'procurements', 'tariffs'],
  execution: ['access', 'audit', 'calendar', 'contracts'],
  // bids sit above procurements and contracts: protocols are recorded through procurements, the
  // contract from the winner is created through contracts (docs/bids.md)
  bids: [
    'access',
    'audit',
    'calendar',
    'catalogs',
    'contracts',
    'files',
    'law',
    'procurement-documents',
    'procurement-rules',
    'procurements',
    'rnp',
  ],
  // the compliance calendar gathers the duties each module computes, marks a contract's placement
  // through contracts, and sends its reminders by mail and notifications
  compliance: [
    'access',
    'audit',
    'calendar',
    'contracts',
    'eis-plans',
    'law',
    'mail',
    'notifications',
    'procurement-rules',
    'procurements',
    'sme-report',
  ],
  // OCDS names a contract's category as the notice import does (procurements' subjectTypeOf)
  exports: ['access', 'audit', 'calendar', 'contracts', 'law', 'files', 'procurements'],
  // the annual SME report (its DOCX, converted to PDF, is built by kernel/docx-builder.ts)
  'sme-report': ['access', 'audit', 'calendar', 'catalogs', 'contracts', 'files', 'law', 'procurements'],
  // the dashboard and the red flags: the SME share as the annual report computes it, the deadlines
  // from the compliance calendar, the law's windows, the РНП's entries for its red flag; its own SQL
  // aggregates read the registers
  analytics: ['access', 'audit', 'calendar', 'compliance', 'files', 'law', 'rnp', 'sme-report'],
  imports: [
    'access',
    'audit',
    'calendar',
    'catalogs',
    'contracts',
    'law',
    'eis-plans',
    'execution',
    'files',
    'notifications',
    'procurements',
  ],
  // the EIS connector: above the imports, whose specs write what it downloads (docs/eis-sync.md)
  'eis-sync': [
    'access',
    'audit',
    'companies',
    'compliance',
    'contracts',
    'eis-plans',
    'files',
    'imports',
    'notifications',
    'procurements',
  ],
};
