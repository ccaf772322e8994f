export * from './access.js';
export * from './api/auth.js';
export * from './api/bids.js';
export * from './api/bids-model.js';
export * from './api/catalogs.js';
export * from './api/classifiers.js';
export * from './api/common.js';
export * from './api/companies.js';
export * from './api/compliance.js';
export * from './api/contract-values.js';
export * from './api/contracts.js';
export * from './api/contracts-model.js';
export * from './api/eis-plans.js';
export * from './api/exports.js';
export * from './api/files.js';
export * from './api/imports.js';
export * from './api/procurement-documents.js';
export * from './api/procurement-rules.js';
export * from './api/procurements.js';
export * from './api/procurements-model.js';
export * from './api/sme-report.js';
export * from './api/system.js';
export * from './api/users.js';
export * from './contract.js';
export * from './errors.js';
export * from './months.js';
export * from './roles.js';
export * from './sockets.js';
export * from './validation-messages.js';
export * from './validators/password.js';
export * from './validators/requisites.js';

import { applyRussianValidationMessages } from './validation-messages.js';

// every zod schema parsed where the contract is loaded (the server, the web app) answers in Russian
applyRussianValidationMessages();
