// The messaging module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { createDelivery } from './delivery.ts';
export { type DevOutbox } from './dev-outbox.ts';
export { devOutboxRoutes, devOutboxServed } from './routes.ts';
export { type MessageChannel, type MessageTransport, type OutgoingMessage } from './transport.ts';
