// The search module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { SearchRepo } from './repo.ts';
export { searchRoutes } from './routes.ts';
export { searchRowsOf, storedSearchInput, writeSearchRows } from './search-rows.ts';
export { SearchService } from './service.ts';
