// The desk module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { Assembly } from './assembly.ts';
export { AuditRepo } from './audit-repo.ts';
export { DeskCare } from './care.ts';
export { careRoutes } from './care-routes.ts';
export { DropFolder } from './drop-folder.ts';
export { DeskFigures } from './figures.ts';
export { FiguresRepo } from './figures-repo.ts';
export { figuresRoutes } from './figures-routes.ts';
export { IncomingRepo } from './incoming-repo.ts';
export { Inbox } from './inbox.ts';
export { InboxRepo } from './inbox-repo.ts';
export { inboxRoutes } from './inbox-routes.ts';
export { Intake } from './intake.ts';
export { deskRoutes } from './routes.ts';
export { planDeskRoutes } from './plan-routes.ts';
export { deskUploadRoutes } from './upload-routes.ts';
export { zoningRoutes } from './zoning-routes.ts';
export { COMMAND_LINE, DeskService, actorOf, type DeskActor } from './service.ts';
export { DESK_REFUSALS, deskCaller, deskGuard } from './guard.ts';
export { reportMail } from './report-mail.ts';
export { StaffRepo } from './staff-repo.ts';
export { Zoning } from './zoning.ts';
