// How the billing simulation's readers reach Folio: over HTTP, to one of the
// servers chosen at random, as a browser behind a load balancer would. Each reader
// keeps its session cookie and its own client address (sent through the trusted
// proxy header), signs in with a code read from the development outbox, and adds a
// phone number, since Razorpay's recurring payments need an e-mail and a phone.
import {
  checkoutResponseSchema,
  codeResponseSchema,
  subscriptionPlansSchema,
  subscriptionStateSchema,
  CANCEL_REASONS,
  type CheckoutResponse,
  type SubscriptionPlan,
  type SubscriptionState,
} from '@folio/core';

export interface Reader {
  index: number;
  brand: 'DH' | 'PV';
  userId: string;
  cookie: string;
  ip: string;
}

/** A request the network cut (a killed server): the caller's step is lost. */
export class Unanswered extends TypeError {}

export class SimHttp {
  /** 5xx answers seen: each is a violation. */
  readonly serverErrors: string[] = [];

  constructor(
    private readonly urls: () => string[],
    private readonly random: () => number,
  ) {}

  private base(): string {
    const urls = this.urls();
    return urls[Math.floor(this.random() * urls.length)] ?? '';
  }

  private async send(
    method: string,
    path: string,
    options: { reader?: Reader; body?: unknown; form?: string; headers?: Record<string, string> },
    base = this.base(),
  ): Promise<Response> {
    const headers: Record<string, string> = {
      origin: 'http://127.0.0.1:3999',
      ...(options.reader ? { 'x-forwarded-for': options.reader.ip } : {}),
      ...(options.reader?.cookie ? { cookie: options.reader.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.form !== undefined
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : {}),
      ...options.headers,
    };
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        redirect: 'manual',
        body:
          options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
    } catch (error) {
      throw new Unanswered(`${method} ${path}: ${String(error)}`);
    }
    // A 502 is Folio saying the provider is down, which the simulation makes it be.
    if (response.status >= 500 && response.status !== 502)
      this.serverErrors.push(
        `${method} ${path}: ${response.status} ${await response.clone().text()}`,
      );
    return response;
  }

  private async json(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch (error) {
      throw new Unanswered(String(error));
    }
  }

  /** Runs the development clock `days` ahead, which runs the scheduler once per call. */
  async setClock(days: number, runs: number): Promise<void> {
    const bases = this.urls();
    const calls = [];
    for (let i = 0; i < runs; i += 1)
      for (const base of bases)
        calls.push(this.send('PUT', '/api/dev/clock', { body: { offsetDays: days } }, base));
    const answers = await Promise.all(calls);
    for (const answer of answers)
      if (!answer.ok) throw new Error(`dev clock: ${answer.status} ${await answer.text()}`);
  }

  private async code(to: string, base: string): Promise<string> {
    const outbox = (await this.json(await this.send('GET', '/api/dev/outbox', {}, base))) as {
      to: string;
      text: string;
    }[];
    const message = outbox.find((m) => m.to === to);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (!code) throw new Error(`no code for ${to}`);
    return code;
  }

  /** A new reader: signed in by e-mail, with a phone number added and confirmed. */
  async signUp(index: number, brand: 'DH' | 'PV'): Promise<Reader> {
    const base = this.base();
    const reader: Reader = {
      index,
      brand,
      userId: '',
      cookie: '',
      ip: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    };
    const email = `sim-${index}@example.com`;
    const sent = codeResponseSchema.parse(
      await this.json(await this.send('POST', '/api/auth/code', { reader, body: { email } }, base)),
    );
    const verified = await this.send(
      'POST',
      '/api/auth/verify-code',
      {
        reader,
        body: {
          preAuthSessionId: sent.preAuthSessionId,
          deviceId: sent.deviceId,
          userInputCode: await this.code(email, base),
        },
      },
      base,
    );
    reader.cookie = verified.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    reader.userId = ((await this.json(verified)) as { user: { id: string } }).user.id;
    const phone = `+9190${String(index).padStart(8, '0')}`;
    const change = codeResponseSchema.parse(
      await this.json(
        await this.send(
          'POST',
          '/api/auth/change-phone-number',
          { reader, body: { phoneNumber: phone } },
          base,
        ),
      ),
    );
    const confirmed = await this.send(
      'POST',
      '/api/auth/verify-code',
      {
        reader,
        body: {
          preAuthSessionId: change.preAuthSessionId,
          deviceId: change.deviceId,
          userInputCode: await this.code(phone, base),
        },
      },
      base,
    );
    if (!confirmed.ok) throw new Error(`phone not confirmed: ${await confirmed.text()}`);
    return reader;
  }

  async plans(brand: 'DH' | 'PV'): Promise<SubscriptionPlan[]> {
    return subscriptionPlansSchema.parse(
      await this.json(await this.send('GET', `/api/subscription-plans?publisher=${brand}`, {})),
    );
  }

  async state(reader: Reader): Promise<SubscriptionState> {
    const answer = await this.send('GET', `/api/users/subscription?publisher=${reader.brand}`, {
      reader,
    });
    return subscriptionStateSchema.parse(await this.json(answer));
  }

  /** Proceed To Pay; undefined when Folio refused (a 4xx the reader would read). */
  async checkout(reader: Reader, planId: number): Promise<CheckoutResponse | undefined> {
    const answer = await this.send('POST', '/api/subscriptions/checkout', {
      reader,
      body: {
        publisher: reader.brand,
        planId,
        termsAccepted: true,
        idempotencyKey: `sim-${reader.index}-${Math.floor(this.random() * 1e12)}`,
      },
    });
    if (!answer.ok) return undefined;
    return checkoutResponseSchema.parse(await this.json(answer));
  }

  async cancel(reader: Reader, subscriptionId: number): Promise<void> {
    await this.send(
      'PUT',
      `/api/subscriptions/${subscriptionId}/cancel?publisher=${reader.brand}`,
      {
        reader,
        body: { reason: CANCEL_REASONS[0] },
      },
    );
  }

  /** The form Razorpay's page posts back to the callback URL. */
  async callback(callbackUrl: string, fields: Record<string, string>, from: string) {
    const url = new URL(callbackUrl);
    await this.send('POST', `${url.pathname}${url.search}`, {
      form: new URLSearchParams(fields).toString(),
      headers: { origin: new URL(from).origin },
    });
  }

  async webhook(body: Buffer, headers: Record<string, string>): Promise<void> {
    await this.send('POST', '/api/payments/webhooks/razorpay', {
      form: body.toString('utf8'),
      headers,
    });
  }
}
