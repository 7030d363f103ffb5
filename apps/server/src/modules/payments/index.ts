// The payments module's public entry: what other modules and the wiring root may use.
// Everything else in this folder is the module's own (lint: boundaries/entry-point).
export {
  PaymentProviderError,
  SignatureError,
  type CapturedPayment,
  type PaymentOutcome,
  type PaymentProvider,
} from './provider.ts';
export { RazorpayProvider } from './razorpay-provider.ts';
export { SandboxProvider } from './sandbox-provider.ts';
export { sandboxRoutes } from './sandbox-routes.ts';
