// The marketing module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { DeskOffers } from './desk-offers.ts';
export { MarketingRepo } from './repo.ts';
export { offersRoutes } from './offers-routes.ts';
export { marketingRoutes } from './routes.ts';
export { MarketingService } from './service.ts';
