// How the Razorpay adapter reaches the API: the official SDK, pointed at the configured
// host with a timeout and no redirects, and its rejections turned into a
// PaymentProviderError whose message is safe to show.
import Razorpay from 'razorpay';
import type { RazorpayConfig } from '../../config.ts';
import { PaymentProviderError } from './provider.ts';
import { shortText, text } from './razorpay-values.ts';

/** A Razorpay call that hangs must not hold a reader's request or the scheduler forever. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The part of the SDK's private axios instance the adapter reconfigures. */
interface SdkTransport {
  rq?: { defaults?: { baseURL?: string; timeout?: number; maxRedirects?: number } };
}

/** An SDK client for the configured keys and API host. */
export function razorpayClient(config: RazorpayConfig): Razorpay {
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  pointSdkAt(client, config.apiUrl);
  return client;
}

/**
 * The SDK hard-codes https://api.razorpay.com in its axios instance and adds /v1 to
 * each path itself; 2.9 has no option for the host, hence the exact version pin.
 */
function pointSdkAt(client: Razorpay, apiUrl: string): void {
  const defaults = (client.api as unknown as SdkTransport).rq?.defaults;
  if (!defaults) {
    throw new Error('The razorpay SDK no longer exposes api.rq; check the pinned version.');
  }
  defaults.baseURL = apiUrl;
  defaults.timeout = REQUEST_TIMEOUT_MS;
  // Razorpay's API never redirects; following one could carry the keys to another host.
  defaults.maxRedirects = 0;
}

/** Makes one SDK call; whatever it rejects with becomes a PaymentProviderError. */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

/** The SDK rejects with `{ statusCode, error }`; without a response its own handler throws a TypeError. */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const status = Number(error.statusCode);
  return Number.isInteger(status) ? status : null;
}

export function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const status = statusOf(error);
  if (status === null || status >= 500 || status === 429) {
    return new PaymentProviderError(
      'Razorpay is not answering right now; try again in a few minutes.',
    );
  }
  if (status === 401) {
    return new PaymentProviderError(
      'Razorpay refused the API keys; check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET.',
      'rejected',
    );
  }
  const sdkError = (error as { error?: { description?: unknown } }).error;
  const description = shortText(text(sdkError?.description));
  return new PaymentProviderError(
    description
      ? `Razorpay declined: ${description}`
      : `Razorpay declined the request (${status}).`,
    'rejected',
  );
}
