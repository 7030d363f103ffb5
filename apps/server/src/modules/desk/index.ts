// The desk module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { AuditRepo } from './audit-repo.ts';
export { deskRoutes } from './routes.ts';
export { COMMAND_LINE, DeskService } from './service.ts';
export { StaffRepo } from './staff-repo.ts';
