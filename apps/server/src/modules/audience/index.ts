// The audience module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { ReaderDayRepo } from './visit-repo.ts';
export { audienceRoutes } from './routes.ts';
export { ReaderVisits } from './visits.ts';
