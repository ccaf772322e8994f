export * from './validators/requisites.js';
