// LISTEN folio_changes on a connection of its own. A pool hands its connections
// to whichever query comes next and closes idle ones, so a LISTEN there would be
// lost; this one client stays open, and when it drops (a database restart, a
// network cut, a failover) it connects again with a growing pause, then reads
// every version once, since whatever was notified meanwhile was lost.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CHANGES_CHANNEL } from '../../db/cache-versions.ts';

export interface Listener {
  readonly connected: boolean;
  /** Resolves after the first attempt, connected or not (a failed one is retried). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** First pause before connecting again (ms), doubled per failure up to the most. */
export const RECONNECT_FIRST_MS = 100;
export const RECONNECT_MOST_MS = 10_000;

export class PostgresListener implements Listener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;
  connected = false;

  constructor(
    private readonly url: string,
    private readonly onPayload: (payload: string) => void,
    /** Called each time listening (re)starts. */
    private readonly onListening: () => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'folio-changes',
      // A half-open connection (a peer gone without a FIN) is noticed by the kernel.
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    this.client = client;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped || this.client !== client) return;
      dropped = true;
      this.connected = false;
      this.client = undefined;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn({ err: error }, 'lost the connection that listens for changes; reconnecting');
      this.reconnectLater();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined)
        this.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (this.stopped || this.client !== client) {
        await client.end().catch(() => undefined);
        return;
      }
      this.connected = true;
      this.failures = 0;
      await this.onListening().catch((error: unknown) =>
        this.log.warn({ err: error }, 'could not read the cache versions after listening'),
      );
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private reconnectLater(): void {
    const pause = Math.min(RECONNECT_MOST_MS, RECONNECT_FIRST_MS * 2 ** this.failures);
    this.failures += 1;
    // Servers that lost the database together do not all come back in step.
    const jittered = pause / 2 + Math.random() * (pause / 2);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped) void this.connect();
    }, jittered);
    this.retry.unref();
  }
}
