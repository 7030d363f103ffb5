// JSON logs on stdout, with personal data and credentials kept out: phone numbers,
// e-mails, codes, tokens, cookies and Authorization headers are redacted wherever a
// logged object carries them (request bodies and headers included), query values
// under those names are masked in logged URLs, and errors lose the fields in which
// database drivers echo the values of a query (PGlite's `params`, the `detail` of
// a unique violation), with any e-mail or phone number left in their text masked.
// A line written while a request is served carries its id (`reqId`), also when it
// is written through the root logger rather than the request's own.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, stdSerializers, symbols, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export const REDACTED = '[Redacted]';

/** Names that mean personal data or a credential wherever they appear. */
const PERSONAL_KEYS = [
  'phoneNumber',
  'phone',
  'email',
  'userInputCode',
  'otp',
  'token',
  'idToken',
  'id_token',
  'credential',
  'cookie',
  'set-cookie',
  'authorization',
];

/** Names too common to redact everywhere (an error's `code` is worth keeping), redacted in bodies and queries. */
const REQUEST_ONLY_KEYS = ['code', 'state'];

const REDACT_PATHS = [
  ...PERSONAL_KEYS.flatMap((key) => {
    const name = `["${key}"]`;
    return [name, `*${name}`, `*.*${name}`, `*.*.*${name}`];
  }),
  ...REQUEST_ONLY_KEYS.flatMap((key) =>
    ['body', 'query', 'headers'].flatMap((part) => [`${part}.${key}`, `*.${part}.${key}`]),
  ),
];

/** Error fields that hold the values a query was run with. */
const QUERY_VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'values']);

const EMAIL = /[^\s"'<>()[\]@,;:]+@[^\s"'<>()[\]@,;:]+\.[a-z]{2,}/gi;
const PHONE = /\+?\d[\d -]{7,}\d/g;

function maskText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(PHONE, REDACTED);
}

/** A serialised error (and its causes) without query values and with its text masked. */
function scrub(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value instanceof Error) return scrub(stdSerializers.err(value));
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !QUERY_VALUE_FIELDS.has(key))
      .map(([key, inner]) => [key, scrub(inner)]),
  );
}

const personalQueryKeys = new Set(
  [...PERSONAL_KEYS, ...REQUEST_ONLY_KEYS].map((key) => key.toLowerCase()),
);

/** The URL with the values of personal query parameters (e.g. an OAuth code) masked. */
function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return personalQueryKeys.has(decodeURIComponentSafe(name).toLowerCase())
        ? `${name}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The request being served, entered by http/request-id.ts for each request. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * The request's id for a line of a logger that does not bind one itself (Fastify's
 * request logger does: its bindings say so, and the key is not written twice).
 */
function requestIdMixin(_line: object, _level: number, logger: Logger): { reqId?: string } {
  const current = requestContext.getStore();
  if (current === undefined) return {};
  const bindings = (logger as unknown as Record<symbol, unknown>)[symbols.chindingsSym];
  return typeof bindings === 'string' && bindings.includes('"reqId":')
    ? {}
    : { reqId: current.reqId };
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      mixin: requestIdMixin,
      serializers: {
        // Fastify's request fields, with the URL's personal query values masked.
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: maskUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
        err: scrub,
        // better-auth's log arguments (auth-module.ts), errors among them.
        detail: scrub,
      },
    },
    destination,
  );
}

export type LogFormat = 'json' | 'pretty';

const LOG_FORMATS: readonly string[] = ['json', 'pretty'];

/**
 * How logs are written: JSON lines for machines (a pipe, a file, a log collector,
 * production, or LOG_FORMAT=json), and lines in words for a person at a terminal
 * in development. LOG_FORMAT=pretty asks for words anywhere but production.
 */
export function chooseLogFormat(
  env: { LOG_FORMAT?: string },
  stdoutIsTty: boolean,
  nodeEnv: Config['nodeEnv'],
): LogFormat {
  const asked = env.LOG_FORMAT?.trim().toLowerCase() || undefined;
  if (asked !== undefined && !LOG_FORMATS.includes(asked))
    throw new Error(
      `LOG_FORMAT: must be one of ${LOG_FORMATS.join(', ')} (got "${env.LOG_FORMAT}")`,
    );
  if (nodeEnv === 'production' || asked === 'json') return 'json';
  return asked === 'pretty' || stdoutIsTty ? 'pretty' : 'json';
}

const LEVEL_WORDS: Record<number, string> = { 40: 'warning: ', 50: 'error: ', 60: 'fatal: ' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  err?: { message?: string };
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** One JSON log line as a person reads it, or undefined for lines not worth a terminal line. */
export function prettyLine(json: string): string | undefined {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.trimEnd();
  }
  const level = record.level ?? 30;
  // Fastify's per-request pair: the completed one says it all.
  if (record.msg === 'incoming request') return undefined;
  const clock = new Date(record.time ?? Date.now()).toTimeString().slice(0, 8);
  let text = record.msg ?? '';
  if (record.msg === 'request completed' && record.req)
    text = `${record.req.method ?? ''} ${record.req.url ?? ''} ${record.res?.statusCode ?? ''} (${Math.round(record.responseTime ?? 0)} ms)`;
  if (record.err?.message) text += `: ${record.err.message}`;
  return `${clock} ${LEVEL_WORDS[level] ?? ''}${text}`;
}

/** A pino destination writing prettyLine's lines to `out` (a terminal). */
export function prettyDestination(out: { write(text: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      const text = prettyLine(line);
      if (text !== undefined) out.write(`${text}\n`);
    },
  };
}
