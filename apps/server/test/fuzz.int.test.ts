// Fuzzing every route of the app's own OpenAPI document (issue 6 part 5): wrong
// types, huge strings and integers, deep objects, control characters, bad
// percent-encodings, invalid UTF-8 and 10 MB bodies, signed in and not. No answer
// may be a 5xx, and every 4xx must be the API's error shape with a message. A
// seeded generator makes each run the same requests; FUZZ_SEED picks another.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_CALLBACK_PATH } from '../src/modules/auth/google-plugin.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { freshIp, signIn } from './helpers/auth.ts';
import { testBackends } from './helpers/db.ts';
import { startFakeGoogle, type FakeGoogle } from './helpers/fake-google.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Requests per route and session state (signed in or not). */
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 40);

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/epaper/data or /media/{*}. */
  path: string;
  query: string[];
  bodyKeys: string[];
  hasBody: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
}

interface BodySchema {
  properties?: Record<string, unknown>;
  anyOf?: BodySchema[];
  oneOf?: BodySchema[];
}

/** Field names of a body schema, through unions (anyOf/oneOf) as well. */
function propertyNames(schema: BodySchema | undefined): string[] {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(propertyNames);
  return [...new Set([...Object.keys(schema.properties ?? {}), ...nested])];
}

function operationsOf(doc: OpenApiDoc): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: propertyNames(schema),
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  return operations;
}

const DEEP_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
const TEN_MB = 10 * 1024 * 1024;

/** Values of the wrong type, size or content for any field. */
function badValue(random: () => number): unknown {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const depth = 1 + Math.floor(random() * 60);
  let deep: unknown = 'x';
  for (let i = 0; i < depth; i += 1) deep = i % 2 === 0 ? { a: deep } : [deep];
  return pick<unknown>([
    null,
    true,
    0,
    -1,
    2147483648,
    -2147483649,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    1.5,
    '',
    ' ',
    'x'.repeat(1 + Math.floor(random() * 300_000)),
    '\u0000',
    `a\u0000b@x.io`,
    'y<victim@x.io>',
    '\u001b[2J\u0007\u007f\u0085',
    '\ud800\udfff\ud800',
    '%zz%',
    '+919876543210',
    'reader@paper.in',
    '123456',
    [],
    ['a', 1, null],
    {},
    { __proto__: { polluted: true } },
    deep,
  ]);
}

/** A query-string value: junk, bad percent-encodings, invalid UTF-8 escapes, huge numbers. */
function badQueryValue(random: () => number): string {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  return pick([
    '',
    '%zz',
    '%',
    '%c3%28',
    '%ff%fe',
    '%00',
    '%0a%0d',
    '2147483648',
    '99999999999999999999999',
    '-1',
    'NaN',
    '1e400',
    'DH',
    'PV',
    '20261120',
    '2026-11-20',
    encodeURIComponent('x'.repeat(1 + Math.floor(random() * 20_000))),
    encodeURIComponent('<script>alert(1)</script>'),
    'a&a=b&a=c',
  ]);
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function fillPath(path: string, random: () => number): string {
  return path.replace(/\{[^}]+\}|\*/g, () => badQueryValue(random));
}

function fuzzRequest(operation: Operation, random: () => number, origin: string): FuzzRequest {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const query = operation.query
    .filter(() => random() < 0.8)
    .map((name) => `${name}=${badQueryValue(random)}`);
  if (random() < 0.2) query.push(`${badQueryValue(random)}=${badQueryValue(random)}`);
  const url = `${fillPath(operation.path, random)}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const headers: Record<string, string> = { origin };

  const shape = random();
  let payload: string | Buffer | undefined;
  if (shape < 0.35) {
    const body: Record<string, unknown> = {};
    for (const key of operation.bodyKeys) if (random() < 0.8) body[key] = badValue(random);
    if (random() < 0.3) body[pick(['extra', '__proto__', 'constructor', ''])] = badValue(random);
    payload = JSON.stringify(body);
  } else if (shape < 0.5) {
    payload = JSON.stringify(badValue(random));
  } else if (shape < 0.58) {
    payload = pick([DEEP_JSON, DEEP_OBJECT]);
  } else if (shape < 0.64) {
    // Invalid UTF-8 inside a JSON string, and a truncated document.
    payload = Buffer.concat([
      Buffer.from('{"email":"'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00]),
      Buffer.from('"}'),
    ]);
  } else if (shape < 0.68) {
    payload = pick(['{', '{"a":', 'nul', '"\\ud800"', '{"a":1}{"b":2}', '\u0000']);
  } else if (shape < 0.7) {
    payload = Buffer.alloc(TEN_MB, 0x61);
  } else if (shape < 0.75) {
    payload = `{"first_name":"${'R'.repeat(1024 * 1024)}"}`;
  }
  if (payload !== undefined) {
    headers['content-type'] = pick([
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ]);
  }
  return { method: operation.method, url, headers, ...(payload === undefined ? {} : { payload }) };
}

function problemWith(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} without JSON: ${response.body.slice(0, 200)}`;
  }
  const ok =
    typeof body === 'object' &&
    body !== null &&
    'status' in body &&
    body.status === 'ERROR' &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message.length > 0;
  return ok ? undefined : `answered ${response.statusCode} with ${response.body.slice(0, 200)}`;
}

describe.each(testBackends)('fuzzing every route on $name', (backend) => {
  let t: TestApp;
  let google: FakeGoogle;
  let phones = 0;
  const newReader = async () => {
    phones += 1;
    return (await signIn(t, { phoneNumber: `+9199${String(phones).padStart(8, '0')}` })).cookie;
  };

  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestApp(backend, { env: google.env });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('answers no request with a 5xx, and every 4xx in the error shape with a message', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDoc;
    const operations = operationsOf(doc);
    // The Google callback shares the web app's page and is left out of the document.
    operations.push({
      method: 'GET',
      path: GOOGLE_CALLBACK_PATH,
      query: ['state', 'code', 'error'],
      bodyKeys: [],
      hasBody: false,
    });
    expect(operations.length).toBeGreaterThan(15);

    const random = prng(SEED);
    const problems: string[] = [];
    let requests = 0;
    let serverErrors = 0;
    let cookie = await newReader();
    for (const operation of operations) {
      if (process.env.FUZZ_TRACE)
        console.log('route', operation.method, operation.path, Date.now());
      for (const signedIn of [false, true]) {
        for (let round = 0; round < ROUNDS; round += 1) {
          const request = fuzzRequest(operation, random, t.config.publicUrl);
          if (process.env.FUZZ_TRACE === '2')
            console.log(
              request.method,
              request.url.slice(0, 80),
              request.headers['content-type'],
              String(request.payload ?? '').slice(0, 60),
            );
          if (signedIn) request.headers.cookie = cookie;
          const options: InjectOptions = { ...request, remoteAddress: freshIp() };
          const response: LightMyRequestResponse = await t.app.inject(options);
          requests += 1;
          if (response.statusCode >= 500) serverErrors += 1;
          const problem = problemWith(response);
          if (problem) problems.push(`${request.method} ${request.url.slice(0, 120)} ${problem}`);
          // A fuzzed call may sign the reader out (signout takes an empty body); sign in again.
          if (
            signedIn &&
            response.cookies.some((c) => c.name.endsWith('session_token') && c.value === '')
          ) {
            cookie = await newReader();
          }
        }
      }
    }
    console.log(
      `fuzz (seed ${SEED}): ${requests} requests, ${serverErrors} answers of 5xx, ${problems.length} problems`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 600_000);
});
