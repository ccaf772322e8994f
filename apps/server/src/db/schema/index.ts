export * from './accounts.js';
export * from './catalogs.js';
export * from './companies.js';
export * from './contracts.js';
export * from './exports.js';
export * from './imports.js';
export * from './procurement-rules.js';
export * from './system.js';
