// Settings of the payment provider: the sandbox (the default, which takes no money
// and is refused in production) or Razorpay with its keys.
import { z } from 'zod';
import { httpUrl } from './fields.ts';

export const paymentsEnv = z.object({
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'razorpay'], { error: 'must be sandbox or razorpay' })
    .default('sandbox'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: httpUrl.default('https://api.razorpay.com'),
  // How long the sandbox keeps a mandate debit pending, as a card's stays for about
  // 36 hours at Razorpay; 0 settles it at once.
  SANDBOX_DEBIT_PENDING_HOURS: z.coerce
    .number({ error: 'must be a number of hours from 0 to 72' })
    .min(0, { error: 'must be a number of hours from 0 to 72' })
    .max(72, { error: 'must be a number of hours from 0 to 72' })
    .default(0),
});

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API origin; tests point it at a local fake. */
  apiUrl: string;
}

export type PaymentsConfig =
  | { provider: 'sandbox'; debitPendingMs: number }
  | { provider: 'razorpay'; razorpay: RazorpayConfig };

/** Rules between the payment keys, on the raw environment. */
export function paymentProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']) {
      if (!env[key]) problems.push(`${key}: is required with PAYMENT_PROVIDER=razorpay`);
    }
  } else if (env.NODE_ENV === 'production') {
    problems.push('PAYMENT_PROVIDER: the sandbox takes no money; set razorpay in production');
  }
  return problems;
}

export function paymentsConfig(e: z.infer<typeof paymentsEnv>): PaymentsConfig {
  return e.PAYMENT_PROVIDER === 'razorpay' &&
    e.RAZORPAY_KEY_ID &&
    e.RAZORPAY_KEY_SECRET &&
    e.RAZORPAY_WEBHOOK_SECRET
    ? {
        provider: 'razorpay',
        razorpay: {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
          apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
        },
      }
    : { provider: 'sandbox', debitPendingMs: e.SANDBOX_DEBIT_PENDING_HOURS * 3_600_000 };
}
