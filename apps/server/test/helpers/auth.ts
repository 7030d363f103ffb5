// Signing in through the real HTTP flow: request a code, read it from the
// development outbox (the delivery adapter the app really uses without an SMS
// gateway), verify it, keep the session cookie. Every request comes from the
// site's own origin and, unless told otherwise, from a client address of its
// own, so one test's send limits never spend another's.
import type { LightMyRequestResponse } from 'fastify';
import { codeResponseSchema, type CodeResponse, type SignInResponse } from '@folio/core';
import type { TestApp } from './app.ts';

export type Destination = { phoneNumber: string } | { email: string };

export interface CallOptions {
  /** The session cookie ("name=value") to send. */
  cookie?: string;
  /** Client address; a fresh one per call when absent. */
  ip?: string;
  headers?: Record<string, string>;
}

let addresses = 0;

/** A client address no other request of this test run has used. */
export function freshIp(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A POST from the site itself (the CSRF guard wants its Origin). */
export async function post(t: TestApp, url: string, body: unknown, options: CallOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      origin: t.config.publicUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

export async function call(
  t: TestApp,
  method: 'GET' | 'PUT' | 'PATCH',
  url: string,
  options: CallOptions & { body?: unknown } = {},
) {
  return t.app.inject({
    method,
    url,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      origin: t.config.publicUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

/** The session cookie a response set, as "name=value" to send back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find(
    (c) => c.name.endsWith('folio.session_token') && c.value !== '',
  );
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The code last sent to `to`, read from the development outbox. */
export function lastCodeSentTo(t: TestApp, to: string): string {
  const message = t.container.outbox?.list().find((m) => m.to === to);
  const code = message?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

export function destinationOf(destination: Destination): string {
  return 'email' in destination ? destination.email : destination.phoneNumber;
}

export async function requestCode(
  t: TestApp,
  destination: Destination,
  options: CallOptions = {},
): Promise<CodeResponse> {
  const response = await post(t, '/api/auth/code', destination, options);
  if (response.statusCode !== 200)
    throw new Error(`code request failed: ${response.statusCode} ${response.body}`);
  return codeResponseSchema.parse(response.json());
}

export interface SignedIn {
  /** "folio.session_token=…", ready for the cookie header. */
  cookie: string;
  body: SignInResponse;
  response: LightMyRequestResponse;
}

/** Signs in (or up) by a code sent to `destination`; returns the session cookie. */
export async function signIn(t: TestApp, destination: Destination): Promise<SignedIn> {
  const ip = freshIp();
  const sent = await requestCode(t, destination, { ip });
  const response = await post(
    t,
    '/api/auth/verify-code',
    {
      preAuthSessionId: sent.preAuthSessionId,
      deviceId: sent.deviceId,
      userInputCode: lastCodeSentTo(t, destinationOf(destination)),
    },
    { ip },
  );
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), body: response.json<SignInResponse>(), response };
}
