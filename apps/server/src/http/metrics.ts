// Prometheus metrics at GET /metrics (docs/decisions/0038-operations.md): requests
// per route pattern (never the raw URL, so a crawler's made-up paths cannot grow
// the series without bound) with their durations and 5xx errors, the e-paper
// caches' hits and misses, the job queues' depth and age, payment outcomes, and
// the process's own (CPU, memory, event loop, GC). The route is closed to the
// public: with METRICS_TOKEN only a matching bearer token reads it; without one
// only a client on this machine that reached the server directly (not through
// the reverse proxy) does. Anyone else gets the 404 of an unknown route.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGES } from '@folio/core';
import { NotFoundError } from '../errors.ts';
import { isDirectLocalClient } from './loopback.ts';
import type { FirstResponder } from './server.ts';
import type { WireResponder } from './wire.ts';

export const METRICS_PATH = '/metrics';
/** The route label of requests no route matched (404s), one series for all of them. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** From a replayed answer (about a millisecond) to the slowest upload or PDF (seconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A scrape does not wait longer than this for the job queue's figures. */
const JOB_STATS_TIMEOUT_MS = 2000;

/** One queue's figures, as the job runner reports them (container.jobs.stats()). */
export interface JobQueueStats {
  queue: string;
  waiting: number;
  active: number;
  oldestWaitingSeconds: number;
}

export interface JobStatsSource {
  stats(): Promise<JobQueueStats[]>;
}

/** Label sets whose bound children are kept; routes are patterns, so a server has a few dozen. */
const MAX_BOUND_LABEL_SETS = 1024;

/** The in-memory caches whose lookups are counted. */
export type CacheName = 'epaper_answers' | 'epaper_replays';

/**
 * The process's own metrics are the same whichever app reports them, so they are
 * collected once per process (on the first scrape: tests build many apps, and the
 * collectors keep timers and observers for good).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A label set's count not yet added to its counter. */
interface Tally {
  readonly labels: Record<string, string>;
  count: number;
}

function flushTally(counter: Counter, tally: Tally): void {
  if (tally.count === 0) return;
  counter.inc(tally.labels, tally.count);
  tally.count = 0;
}

/** The app's metrics: one registry per container, fed by hooks and injected callbacks. */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'folio_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => this.flushRequestCounts(),
  });
  private readonly durations = new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'folio_http_errors_total',
    help: 'HTTP requests answered with a 5xx status, by route pattern.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: 'folio_cache_lookups_total',
    help: 'Lookups in an in-memory cache, by cache and result (hit or miss).',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
    collect: () => {
      for (const tally of this.lookups.values()) flushTally(this.cacheLookups, tally);
    },
  });
  private readonly queueDepth = new Gauge({
    name: 'folio_job_queue_depth',
    help: 'Jobs in a queue, by queue and state (waiting or active).',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });
  private readonly oldestWaiting = new Gauge({
    name: 'folio_job_oldest_waiting_seconds',
    help: 'Age of the job that has waited longest in a queue.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly payments = new Counter({
    name: 'folio_payment_outcomes_total',
    help: 'Payment outcomes, by kind (purchase, renewal, refund) and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });
  private intake: { readonly waiting: number } | undefined;
  private readonly waitingRequests: Gauge = new Gauge({
    name: 'folio_http_requests_waiting',
    help: 'Requests received and waiting for their turn of the event loop to start (http/intake.ts).',
    registers: [this.registry],
    collect: () => this.waitingRequests.set(this.intake?.waiting ?? 0),
  });
  private jobs: JobStatsSource | undefined;
  /**
   * Per method/route/status triple: its count since the last scrape and its bound
   * duration child. prom-client hashes a label set on every call, and the content
   * API's replays answer tens of thousands of requests a second through here, so
   * counts are kept as plain numbers and added to the counter when it is read.
   */
  private readonly bound = new Map<
    string,
    Tally & {
      duration: { observe(value: number): void };
      errors: { inc(): void } | undefined;
    }
  >();
  private readonly lookups = new Map<string, Tally>();

  /** One answered request; `route` is the route's pattern, or UNMATCHED_ROUTE. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let bound = this.bound.get(key);
    if (!bound) {
      if (this.bound.size >= MAX_BOUND_LABEL_SETS) {
        this.flushRequestCounts();
        this.bound.clear();
      }
      bound = {
        labels: { method, route, status: String(status) },
        count: 0,
        duration: this.durations.labels(method, route),
        errors: status >= 500 ? this.errors.labels(route) : undefined,
      };
      this.bound.set(key, bound);
    }
    bound.count += 1;
    bound.duration.observe(seconds);
    bound.errors?.inc();
  }

  cacheLookup(cache: CacheName, hit: boolean): void {
    const key = hit ? `${cache} hit` : `${cache} miss`;
    let tally = this.lookups.get(key);
    if (!tally) {
      tally = { labels: { cache, result: hit ? 'hit' : 'miss' }, count: 0 };
      this.lookups.set(key, tally);
    }
    tally.count += 1;
  }

  private flushRequestCounts(): void {
    for (const tally of this.bound.values()) flushTally(this.requests, tally);
  }

  paymentOutcome(kind: string, outcome: string): void {
    this.payments.inc({ kind, outcome });
  }

  /** The HTTP server's intake, whose waiting requests are reported; without one, 0. */
  watchIntake(intake: { readonly waiting: number }): void {
    this.intake = intake;
  }

  /** Where the job gauges' figures come from; without one they stay empty. */
  watchJobs(source: JobStatsSource | undefined): void {
    this.jobs = source;
  }

  /**
   * A first responder (http/server.ts) whose answers are counted as requests of
   * `route`: they never reach Fastify's hooks.
   */
  counted(route: string, responder: FirstResponder): FirstResponder {
    return (req, res) => {
      const start = performance.now();
      if (!responder(req, res)) return false;
      this.observeRequest(
        req.method ?? 'GET',
        route,
        res.statusCode,
        (performance.now() - start) / 1000,
      );
      return true;
    };
  }

  /** The same for a wire responder (http/wire.ts): its answers are GETs answered 200. */
  countedOnWire(route: string, responder: WireResponder): WireResponder {
    return (request) => {
      const start = performance.now();
      const answer = responder(request);
      if (answer) this.observeRequest('GET', route, 200, (performance.now() - start) / 1000);
      return answer;
    };
  }

  /** The text a Prometheus scrape reads, the job gauges refreshed first. */
  async scrape(log?: FastifyBaseLogger): Promise<string> {
    await this.refreshJobGauges(log);
    const own = await this.registry.metrics();
    return `${await processMetrics().metrics()}\n${own}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private async refreshJobGauges(log: FastifyBaseLogger | undefined): Promise<void> {
    // Queues that are gone (or figures that could not be read) leave no stale series.
    this.queueDepth.reset();
    this.oldestWaiting.reset();
    const source = this.jobs;
    if (!source) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      const stats = await Promise.race([
        source.stats(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no job stats within ${JOB_STATS_TIMEOUT_MS} ms`)),
            JOB_STATS_TIMEOUT_MS,
          );
        }),
      ]);
      for (const { queue, waiting, active, oldestWaitingSeconds } of stats) {
        this.queueDepth.set({ queue, state: 'waiting' }, waiting);
        this.queueDepth.set({ queue, state: 'active' }, active);
        this.oldestWaiting.set({ queue }, oldestWaitingSeconds);
      }
    } catch (error) {
      log?.warn({ err: error }, 'job queue figures left out of the metrics');
    } finally {
      clearTimeout(timer);
    }
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  // Digests have one length, so the comparison takes as long whatever was sent.
  return timingSafeEqual(digest(given ?? ''), digest(token)) && given !== undefined;
}

/** Who may read the metrics: see the top of this file. */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  return token === undefined
    ? isDirectLocalClient(request)
    : bearerMatches(request.headers.authorization, token);
}

export interface MetricsOptions {
  metrics: Metrics;
  /** METRICS_TOKEN; unset means loopback-only. */
  token: string | undefined;
  /** The job runner's figures for the queue gauges, when there is one. */
  jobs?: JobStatsSource;
}

/** Counts every answered request and serves GET /metrics to those allowed. */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { metrics, token } = options;
  metrics.watchJobs(options.jobs);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get(
    METRICS_PATH,
    // Not part of the public API: left out of the OpenAPI document.
    { schema: { hide: true } },
    async (request, reply) => {
      if (!mayReadMetrics(request, token)) throw new NotFoundError(MESSAGES.notFound);
      const text = await metrics.scrape(request.log);
      return reply
        .header('content-type', metrics.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
}
