// The account module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { PreferencesService } from './preferences-service.ts';
export { ProfileRepo } from './profile-repo.ts';
export { accountRoutes } from './routes.ts';
export { AccountService } from './service.ts';
