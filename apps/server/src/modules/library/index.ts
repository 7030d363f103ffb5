// The library module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { LibraryRepo } from './repo.ts';
export { libraryRoutes } from './routes.ts';
export { LibraryService } from './service.ts';
