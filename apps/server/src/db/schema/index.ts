export * from './accounts.js';
export * from './catalogs.js';
export * from './companies.js';
export * from './contracts.js';
export * from './eis-plans.js';
export * from './exports.js';
export * from './imports.js';
export * from './system.js';
