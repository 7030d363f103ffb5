// The downloads module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { downloadRoutes } from './routes.ts';
export { VerifyLinks } from './verify-links.ts';
