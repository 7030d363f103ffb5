// A local stand-in for the parts of Razorpay's API the adapter calls: customers,
// tokens, orders, payments, refunds, recurring charges and the hosted checkout,
// behind the same basic auth, and behaving as Razorpay does: a recurring debit stays
// pending for 36 hours (on the fake's clock) before it is captured or fails; a
// recurring payment needs both e-mail and contact; a payment older than 180 days is
// not refunded; an order is paid once. Tests pay or fail an order as the reader
// would, and can make the next call answer an error, drop the connection before it
// takes effect, or take effect and then drop it (the answer is lost). The webhooks
// Razorpay would send queue up in `webhooks`, for a test to deliver late, twice or
// never.
import { createHmac, randomInt } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RazorpayConfig } from '../../src/config.ts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface FakeCustomer {
  id: string;
  name: string | null;
  email: string | null;
  contact: string | null;
}

export interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, unknown>;
  status: 'created' | 'attempted' | 'paid';
  customer_id: string | null;
  method: string | null;
  token: Record<string, unknown> | null;
  payment_capture: boolean | null;
}

export interface FakePayment {
  id: string;
  created_at: number;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'failed';
  captured: boolean;
  method: 'card';
  customer_id: string | null;
  token_id: string | null;
  email: string | null;
  contact: string | null;
  recurring: boolean;
  amount_refunded: number;
  error_code: string | null;
  error_description: string | null;
  error_reason: string | null;
  /** A pending recurring debit settles at this time (ms on the fake's clock). */
  settles_at: number | null;
}

export interface FakeToken {
  id: string;
  customer_id: string;
  max_amount: number;
  active: boolean;
}

export interface FakeRefund {
  id: string;
  payment_id: string;
  amount: number;
  receipt: string | null;
  speed: unknown;
}

export interface SignedWebhook {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * What goes wrong with one API call: Razorpay answers 503 before acting, the
 * connection drops before or after it acted, or (`kill-after`) it acted and the
 * caller is killed before the answer reaches it (the simulation's crash).
 */
export type FakeFault = 'none' | 'unavailable' | 'drop-before' | 'drop-after' | 'kill-after';

export interface FakeRazorpayOptions {
  /** The fake's clock (pending debits, the refund window); the wall clock by default. */
  now?: () => Date;
  /** How long a recurring debit stays pending: 36 hours, as at Razorpay. */
  pendingMs?: number;
  /** Chooses a fault for each API call (the simulation's dice); none by default. */
  fault?: (call: { method: string; path: string }) => FakeFault;
  /** Told of each fault as it happens, before the connection is dropped. */
  onFault?: (fault: FakeFault) => void;
}

export interface FakeRazorpay {
  /** RazorpayConfig pointing the adapter at this fake. */
  config: RazorpayConfig;
  customers: Map<string, FakeCustomer>;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  tokens: Map<string, FakeToken>;
  refunds: FakeRefund[];
  /** Plays the reader paying on the checkout; returns what Razorpay posts to callback_url. */
  pay(orderId: string): Record<string, string>;
  /** Plays a declined payment; returns the failure fields Razorpay posts to callback_url. */
  fail(orderId: string, reason?: string, description?: string): Record<string, string>;
  /** The next API call answers this status with Razorpay's error body. */
  failNext(status: number, description?: string): void;
  /** The next API call loses its connection without an answer, before it takes effect. */
  dropNext(): void;
  /**
   * The next API call (whose path matches `path`, if given) takes effect, then its
   * connection is lost: a timeout after capture.
   */
  dropAfterNext(path?: RegExp): void;
  /**
   * What a recurring debit does at once: stay pending (as Razorpay's do), be captured
   * (as a sandbox would) or be declined.
   */
  recurringOutcome: 'pending' | 'captured' | 'failed';
  /** What a pending recurring debit becomes when its time comes. */
  pendingOutcome: 'captured' | 'failed';
  /** Captures or fails the pending debits whose time has come (also done on every call). */
  settleDue(): void;
  /** Webhooks Razorpay would have sent, oldest first; a test delivers them (or not). */
  webhooks: SignedWebhook[];
  /** A webhook of a payment, signed like Razorpay signs it. */
  webhook(
    event: 'payment.captured' | 'payment.failed' | 'order.paid',
    paymentId: string,
  ): SignedWebhook;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
  ) {
    super(description);
  }
}

function fakeId(prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function jsonObject(text: string): Record<string, unknown> {
  if (text === '') return {};
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'The request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

const optionalText = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const DAY_MS = 86_400_000;
/** Razorpay refuses to refund a payment older than about six months. */
const REFUND_WINDOW_MS = 180 * DAY_MS;

export async function startFakeRazorpay(options: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const pendingMs = options.pendingMs ?? 36 * 3_600_000;
  const keyId = `rzp_test_${fakeId('k').slice(2)}`;
  const keySecret = fakeId('secret');
  const webhookSecret = fakeId('whsec');
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const sign = (secret: string, payload: string | Buffer) =>
    createHmac('sha256', secret).update(payload).digest('hex');
  let injected: { status: number; description: string } | 'drop' | null = null;
  let dropAfter: RegExp | null = null;
  const webhooks: SignedWebhook[] = [];

  const customers = new Map<string, FakeCustomer>();
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const tokens = new Map<string, FakeToken>();
  const refunds: FakeRazorpay['refunds'] = [];
  const recurring = {
    outcome: 'pending' as FakeRazorpay['recurringOutcome'],
    then: 'captured' as FakeRazorpay['pendingOutcome'],
  };

  const found = <T>(map: Map<string, T>, id: string | undefined, what: string): T => {
    const value = id === undefined ? undefined : map.get(id);
    if (value === undefined) throw new ApiError(400, `The id provided does not exist (${what})`);
    return value;
  };

  const newPayment = (order: FakeOrder, fields: Partial<FakePayment>): FakePayment => {
    const customer = order.customer_id ? customers.get(order.customer_id) : undefined;
    const payment: FakePayment = {
      id: fakeId('pay'),
      created_at: Math.floor(now() / 1000),
      entity: 'payment',
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      captured: true,
      method: 'card',
      customer_id: order.customer_id,
      token_id: null,
      email: customer?.email ?? 'reader@example.com',
      contact: customer?.contact ?? '+919876543210',
      recurring: false,
      amount_refunded: 0,
      error_code: null,
      error_description: null,
      error_reason: null,
      settles_at: null,
      ...fields,
    };
    payment.captured = payment.status === 'captured';
    payments.set(payment.id, payment);
    order.status = payment.captured ? 'paid' : 'attempted';
    announce(payment);
    return payment;
  };

  /** Queues the webhooks Razorpay sends when a payment is captured or fails. */
  const announce = (payment: FakePayment): void => {
    if (payment.status === 'captured') {
      webhooks.push(signedWebhook('payment.captured', payment));
      webhooks.push(signedWebhook('order.paid', payment));
    } else if (payment.status === 'failed') webhooks.push(signedWebhook('payment.failed', payment));
  };

  const decline = {
    error_code: 'BAD_REQUEST_ERROR',
    error_description: 'The bank declined the mandate debit.',
    error_reason: 'payment_failed',
  };

  const settleDue = (): void => {
    for (const payment of payments.values()) {
      if (payment.status !== 'created' || payment.settles_at === null) continue;
      if (payment.settles_at > now()) continue;
      payment.settles_at = null;
      payment.status = recurring.then;
      payment.captured = payment.status === 'captured';
      if (!payment.captured) Object.assign(payment, decline);
      const order = orders.get(payment.order_id);
      if (order && payment.captured) order.status = 'paid';
      announce(payment);
    }
  };

  const signedWebhook = (
    event: 'payment.captured' | 'payment.failed' | 'order.paid',
    payment: FakePayment,
  ): SignedWebhook => {
    const order = found(orders, payment.order_id, 'order');
    const body = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeAccount0001',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: { entity: { ...payment } },
          ...(event === 'order.paid' ? { order: { entity: { entity: 'order', ...order } } } : {}),
        },
        created_at: Math.floor(now() / 1000),
      }),
    );
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': sign(webhookSecret, body),
        'x-razorpay-event-id': fakeId('evt'),
      },
    };
  };

  const orderPayable = (order: FakeOrder): void => {
    if (order.status === 'paid') throw new ApiError(400, 'Order has already been paid');
  };

  type Route = (match: string[], body: Record<string, unknown>, query: URLSearchParams) => unknown;
  const routes: [string, RegExp, Route][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_, body) => {
        const email = optionalText(body.email);
        const contact = optionalText(body.contact);
        const existing = [...customers.values()].find(
          (c) => c.email === email && c.contact === contact,
        );
        if (existing && String(body.fail_existing) !== '0') {
          throw new ApiError(400, 'Customer already exists for the merchant');
        }
        if (existing) return { entity: 'customer', ...existing };
        const customer = { id: fakeId('cust'), name: optionalText(body.name), email, contact };
        customers.set(customer.id, customer);
        return { entity: 'customer', ...customer };
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)$/,
      ([id]) => ({ entity: 'customer', ...found(customers, id, 'customer') }),
    ],
    [
      'POST',
      /^\/v1\/orders$/,
      (_, body) => {
        const amount = body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          throw new ApiError(400, 'The amount must be atleast INR 1.00');
        }
        if (body.currency !== 'INR' && body.currency !== 'USD') {
          throw new ApiError(400, 'The currency provided is not supported');
        }
        const receipt = optionalText(body.receipt);
        if (receipt !== null && receipt.length > 40) {
          throw new ApiError(400, 'The receipt may not be greater than 40 characters.');
        }
        const customerId = optionalText(body.customer_id);
        if (customerId !== null) found(customers, customerId, 'customer');
        const token = typeof body.token === 'object' && body.token !== null ? body.token : null;
        if (token !== null && (customerId === null || body.currency !== 'INR')) {
          throw new ApiError(400, 'customer_id is required for a recurring order in INR');
        }
        const order: FakeOrder = {
          id: fakeId('order'),
          amount,
          currency: body.currency,
          receipt,
          notes: (body.notes as Record<string, unknown> | undefined) ?? {},
          status: 'created',
          customer_id: customerId,
          method: optionalText(body.method),
          token: token as Record<string, unknown> | null,
          payment_capture: typeof body.payment_capture === 'boolean' ? body.payment_capture : null,
        };
        orders.set(order.id, order);
        return { entity: 'order', amount_paid: 0, amount_due: amount, attempts: 0, ...order };
      },
    ],
    [
      'GET',
      /^\/v1\/orders$/,
      (_, __, query) => {
        const receipt = query.get('receipt');
        const items = [...orders.values()].filter((o) => receipt === null || o.receipt === receipt);
        return { entity: 'collection', count: items.length, items };
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/tokens\/([^/]+)$/,
      ([customerId, tokenId]) => {
        const token = found(tokens, tokenId, 'token');
        if (token.customer_id !== customerId)
          throw new ApiError(400, 'The id provided does not exist');
        return {
          entity: 'token',
          id: token.id,
          max_amount: token.max_amount,
          recurring: true,
          recurring_details: { status: token.active ? 'confirmed' : 'cancelled' },
        };
      },
    ],
    [
      'DELETE',
      /^\/v1\/customers\/([^/]+)\/tokens\/([^/]+)$/,
      ([customerId, tokenId]) => {
        const token = found(tokens, tokenId, 'token');
        if (token.customer_id !== customerId)
          throw new ApiError(400, 'The id provided does not exist');
        tokens.delete(token.id);
        return { deleted: true };
      },
    ],
    [
      'GET',
      /^\/v1\/payments\/([^/]+)\/refunds$/,
      ([id]) => {
        found(payments, id, 'payment');
        const items = refunds.filter((r) => r.payment_id === id);
        return { entity: 'collection', count: items.length, items };
      },
    ],
    [
      'GET',
      /^\/v1\/orders\/([^/]+)$/,
      ([id]) => ({ entity: 'order', ...found(orders, id, 'order') }),
    ],
    [
      'GET',
      /^\/v1\/orders\/([^/]+)\/payments$/,
      ([id]) => {
        found(orders, id, 'order');
        const items = [...payments.values()].filter((p) => p.order_id === id);
        return { entity: 'collection', count: items.length, items };
      },
    ],
    ['GET', /^\/v1\/payments\/([^/]+)$/, ([id]) => found(payments, id, 'payment')],
    [
      'POST',
      /^\/v1\/payments\/([^/]+)\/refund$/,
      ([id], body) => {
        const payment = found(payments, id, 'payment');
        const amount = typeof body.amount === 'number' ? body.amount : payment.amount;
        if (payment.status !== 'captured') {
          throw new ApiError(400, 'The payment has not been captured');
        }
        if (now() - payment.created_at * 1000 > REFUND_WINDOW_MS) {
          throw new ApiError(400, 'Refund is not allowed on payments older than 180 days');
        }
        if (amount > payment.amount - payment.amount_refunded) {
          throw new ApiError(400, 'The refund amount provided is greater than amount captured');
        }
        payment.amount_refunded += amount;
        const refund = {
          id: fakeId('rfnd'),
          payment_id: payment.id,
          amount,
          receipt: optionalText(body.receipt),
          speed: body.speed,
        };
        refunds.push(refund);
        return { entity: 'refund', currency: payment.currency, status: 'processed', ...refund };
      },
    ],
    [
      'POST',
      /^\/v1\/payments\/create\/recurring$/,
      (_, body) => {
        const order = found(orders, optionalText(body.order_id) ?? undefined, 'order');
        const token = found(tokens, optionalText(body.token) ?? undefined, 'token');
        if (token.customer_id !== body.customer_id || String(body.recurring) !== '1') {
          throw new ApiError(400, 'The token does not belong to this customer');
        }
        if (!optionalText(body.email) || !optionalText(body.contact)) {
          throw new ApiError(400, 'The email and contact fields are required');
        }
        if (!token.active) throw new ApiError(400, 'Token is not active');
        if (body.amount !== order.amount || order.amount > token.max_amount) {
          throw new ApiError(400, 'The amount is more than the mandate allows');
        }
        orderPayable(order);
        order.customer_id = token.customer_id;
        const outcome = recurring.outcome;
        const payment = newPayment(order, {
          status: outcome === 'pending' ? 'created' : outcome,
          settles_at: outcome === 'pending' ? now() + pendingMs : null,
          token_id: token.id,
          email: optionalText(body.email),
          contact: optionalText(body.contact),
          recurring: true,
          ...(outcome === 'failed' ? decline : {}),
        });
        return {
          razorpay_payment_id: payment.id,
          razorpay_order_id: order.id,
          razorpay_signature: sign(keySecret, `${order.id}|${payment.id}`),
        };
      },
    ],
  ];

  const pay = (orderId: string): Record<string, string> => {
    const order = found(orders, orderId, 'order');
    orderPayable(order);
    let tokenId: string | null = null;
    if (order.customer_id && order.token) {
      const maxAmount = order.token.max_amount;
      const token: FakeToken = {
        id: fakeId('token'),
        customer_id: order.customer_id,
        max_amount: typeof maxAmount === 'number' ? maxAmount : 1_500_000,
        active: true,
      };
      tokens.set(token.id, token);
      tokenId = token.id;
    }
    // An order not asking for capture leaves the payment authorised only.
    const payment = newPayment(order, {
      token_id: tokenId,
      recurring: tokenId !== null,
      status: order.payment_capture === true ? 'captured' : 'authorized',
    });
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: sign(keySecret, `${order.id}|${payment.id}`),
    };
  };

  const fail = (
    orderId: string,
    reason = 'payment_failed',
    description = 'Your payment could not be completed.',
  ): Record<string, string> => {
    const order = found(orders, orderId, 'order');
    const payment = newPayment(order, {
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: description,
      error_reason: reason,
    });
    return {
      'error[code]': 'BAD_REQUEST_ERROR',
      'error[description]': description,
      'error[source]': 'customer',
      'error[step]': 'payment_authentication',
      'error[reason]': reason,
      'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }),
    };
  };

  /** The hosted page: shows the order with the choices a test browser can click. */
  const checkoutPage = (form: URLSearchParams): string => {
    const order = orders.get(form.get('order_id') ?? '');
    if (form.get('key_id') !== keyId || !order) throw new ApiError(400, 'Invalid key or order');
    const hidden = (name: string) =>
      `<input type="hidden" name="${name}" value="${escapeHtml(form.get(name) ?? '')}">`;
    const choice = (decision: string, label: string) =>
      `<form method="post" action="/v1/checkout/embedded/${decision}">${hidden('order_id')}` +
      `${hidden('callback_url')}${hidden('cancel_url')}<button>${label}</button></form>`;
    return (
      `<!doctype html><title>Fake Razorpay</title><h1>${escapeHtml(form.get('name') ?? '')}</h1>` +
      `<p>${order.currency} ${order.amount / 100}</p>` +
      choice('pay', 'Pay') +
      choice('fail', 'Fail') +
      choice('close', 'Close')
    );
  };

  /** Razorpay answers the reader's choice with a form that posts itself to callback_url. */
  const autoPost = (url: string, fields: Record<string, string>): string =>
    `<!doctype html><form method="post" action="${escapeHtml(url)}">` +
    Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('') +
    `</form><script>document.forms[0].submit()</script>`;

  const checkout = (
    path: string,
    form: URLSearchParams,
  ): [number, string, Record<string, string>] => {
    if (path === '/v1/checkout/embedded') return [200, checkoutPage(form), {}];
    const orderId = form.get('order_id') ?? '';
    if (path === '/v1/checkout/embedded/close') {
      return [303, '', { location: form.get('cancel_url') ?? '/' }];
    }
    const fields = path.endsWith('/pay') ? pay(orderId) : fail(orderId);
    return [200, autoPost(form.get('callback_url') ?? '/', fields), {}];
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const json = (status: number, body: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const apiError = (status: number, description: string): void =>
      json(status, {
        error: {
          code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
          description,
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const text = await readBody(request);
    try {
      if (request.method === 'POST' && path.startsWith('/v1/checkout/embedded')) {
        const [status, html, headers] = checkout(path, new URLSearchParams(text));
        response.writeHead(status, { 'content-type': 'text/html', ...headers }).end(html);
        return;
      }
      if (request.headers.authorization !== expectedAuth) {
        return apiError(401, 'Authentication failed');
      }
      const current = injected;
      injected = null;
      if (current === 'drop') {
        request.socket.destroy();
        return;
      }
      if (current) return apiError(current.status, current.description);
      const fault = options.fault?.({ method: request.method ?? 'GET', path }) ?? 'none';
      if (fault !== 'none') options.onFault?.(fault);
      if (fault === 'unavailable') return apiError(503, 'Service unavailable');
      if (fault === 'drop-before') {
        request.socket.destroy();
        return;
      }
      const loseAnswer =
        fault === 'drop-after' ||
        fault === 'kill-after' ||
        (dropAfter !== null && dropAfter.test(path));
      if (dropAfter !== null && dropAfter.test(path)) dropAfter = null;
      settleDue();
      for (const [method, pattern, run] of routes) {
        const match = pattern.exec(path);
        if (match && request.method === method) {
          const answer = run(match.slice(1), jsonObject(text), url.searchParams);
          if (loseAnswer) {
            request.socket.destroy();
            return;
          }
          return json(200, answer);
        }
      }
      return apiError(400, 'The requested URL was not found on the server.');
    } catch (error) {
      if (error instanceof ApiError) return apiError(error.status, error.message);
      return apiError(500, error instanceof Error ? error.message : String(error));
    }
  };

  const server = createServer((request, response) => void handle(request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    config: { keyId, keySecret, webhookSecret, apiUrl },
    customers,
    orders,
    payments,
    tokens,
    refunds,
    pay,
    fail,
    failNext(status, description = 'We are facing some trouble completing your request') {
      injected = { status, description };
    },
    dropNext() {
      injected = 'drop';
    },
    dropAfterNext(path = /./) {
      dropAfter = path;
    },
    settleDue,
    webhooks,
    get pendingOutcome() {
      return recurring.then;
    },
    set pendingOutcome(outcome) {
      recurring.then = outcome;
    },
    get recurringOutcome() {
      return recurring.outcome;
    },
    set recurringOutcome(outcome) {
      recurring.outcome = outcome;
    },
    webhook(event, paymentId) {
      return signedWebhook(event, found(payments, paymentId, 'payment'));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
