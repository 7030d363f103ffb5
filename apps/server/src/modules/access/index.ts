// The access module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { AccessGate, GATE_REFUSALS } from './gate.ts';
export { lockedPreviewFile, mediaPlace } from './media-places.ts';
export { ViewerEntitlements, carriesSessionCookie } from './viewer-entitlements.ts';
