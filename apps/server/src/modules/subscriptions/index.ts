// The subscriptions module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export { CareRepo } from './care-repo.ts';
export { SubscriberCare, type CallResult } from './care.ts';
export { CareResends } from './care-resends.ts';
export { CatalogueRepo } from './catalogue-repo.ts';
export { Catalogue } from './catalogue.ts';
export { InvoiceRepo } from './invoice-repo.ts';
export { Invoices } from './invoices.ts';
export { LedgerCalls } from './ledger-calls.ts';
export { LedgerRepo } from './ledger-repo.ts';
export { PaymentCompletion } from './payment-completion.ts';
export type { PaymentKind, PaymentResult } from './payment-outcomes.ts';
export { PlanDesk } from './plan-desk.ts';
export { PlanDeskRepo } from './plan-desk-repo.ts';
export { Receipts } from './receipts.ts';
export { RenewalNotices } from './renewal-notices.ts';
export { paymentRoutes } from './payment-routes.ts';
export { RenewalRepo } from './renewal-repo.ts';
export { RenewalScheduler } from './renewals.ts';
export { subscriptionRoutes } from './routes.ts';
export { SubscriptionService } from './service.ts';
export { SubscriptionRepo } from './subscription-repo.ts';
export { Terms } from './terms.ts';
