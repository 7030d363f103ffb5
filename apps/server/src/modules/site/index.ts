// The site module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { siteRoutes } from './routes.ts';
export { SiteService } from './service.ts';
