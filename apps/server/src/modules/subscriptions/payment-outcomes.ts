// What became of payments, told as it happens to whoever the wiring root names
// (the operators' metrics, http/metrics.ts): this module knows nothing of HTTP.
// Each outcome is told once: where reports can repeat (a webhook after the
// browser's return, a reconciler pass), only the report that changed the stored
// state tells it.

/** purchase: a checkout; renewal: a mandate debit; refund: money sent back. */
export type PaymentKind = 'purchase' | 'renewal' | 'refund';
export type PaymentResult = 'captured' | 'failed' | 'pending' | 'refunded';
export type PaymentOutcomeListener = (kind: PaymentKind, outcome: PaymentResult) => void;

export const ignoreOutcomes: PaymentOutcomeListener = () => undefined;
