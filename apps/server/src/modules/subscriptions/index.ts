// The subscriptions module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { CatalogueRepo } from './catalogue-repo.ts';
export { Catalogue } from './catalogue.ts';
export { LedgerCalls } from './ledger-calls.ts';
export { LedgerRepo } from './ledger-repo.ts';
export { PaymentCompletion } from './payment-completion.ts';
export { paymentRoutes } from './payment-routes.ts';
export { RenewalRepo } from './renewal-repo.ts';
export { RenewalScheduler } from './renewals.ts';
export { subscriptionRoutes } from './routes.ts';
export { SubscriptionService } from './service.ts';
export { SubscriptionRepo } from './subscription-repo.ts';
export { Terms } from './terms.ts';
