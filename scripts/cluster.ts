// `npm run cluster`: Folio as several machines would run it, all on this one: nginx in
// front of three web servers (production mode, queue job runner), one worker that
// runs the jobs and seeds the demo, and what they share: a database on the local
// PostgreSQL, the local Redis, s3rver as the object store. The outside services
// production requires (mail, SMS, Razorpay) are stood in for inside this process.
// It prints each part as it starts, waits until every web server is ready and today's
// edition is served through nginx, and stops every process it started on Ctrl+C,
// SIGTERM, or any failure on the way (docs/decisions/0041-cluster.md).
//   npm run cluster                  keeps the database folio_cluster between runs
//   npm run cluster -- --fresh       drops it (and the cluster's data folder) first
// Settings: CLUSTER_PORT (nginx, 8080), DEMO_DAYS (7), DATA_DIR (./data; the
// cluster's files are in DATA_DIR/cluster).
// The bench (bench/cluster.bench.ts) starts the same cluster through startCluster.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS, isoToCompact, siteConfigSchema } from '@folio/core';
import { cpuCaps, type CpuCap, type CpuCaps } from './cluster/cpu-cap.ts';
import { ensureNginx, startNginx } from './cluster/nginx.ts';
import { Processes, stopOnSignals, type Managed } from './cluster/processes.ts';
import {
  BUCKET,
  demoSeedState,
  dropDatabase,
  ensureRedis,
  prepareDatabase,
  S3RVER_KEY,
  startS3rver,
} from './cluster/services.ts';
import { startStandIns, type Message, type StandIns } from './cluster/stand-ins.ts';
import { answers200, freePort, waitUntil } from './cluster/wait.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER_ENTRY = 'apps/server/src/main.ts';
const WORKER_ENTRY = 'apps/server/src/worker.ts';
/** A fresh database seeds every demo edition through the real ingest: minutes on 2 cores. */
const READY_TIMEOUT_MS = 30 * 60_000;

export interface ClusterOptions {
  /** nginx's port: CLUSTER_PORT, else 8080. */
  port?: number;
  /** The database on the local PostgreSQL: folio_cluster. */
  database?: string;
  /** Drop the database (and wipe the data folder) first. */
  fresh?: boolean;
  /** Days of demo editions the worker seeds: DEMO_DAYS, else 7. */
  demoDays?: number;
  /** Where the cluster keeps its files (s3/, logs/, shared/, secrets.json): DATA_DIR/cluster. */
  dataDir?: string;
  webServers?: number;
  /** The web servers' LOG_LEVEL (their logs go to files under logs/; the worker's is info). */
  logLevel?: string;
  /** Settings added to every server's and the worker's environment. */
  env?: Record<string, string>;
  /** Where progress lines go; console.log by default. */
  say?: (line: string) => void;
  /** Print every message the mail and SMS stand-ins receive (sign-in codes). */
  showMessages?: boolean;
  /** Drop the database when the cluster stops (the bench's, made for one run). */
  dropDatabaseOnStop?: boolean;
  /**
   * Cores each web server may use (a kernel CPU quota, scripts/cluster/cpu-cap.ts),
   * as if each were a host of its own; unset, they share the machine's cores.
   */
  cpuPerWebServer?: number;
}

export interface WebServer {
  name: string;
  port: number;
  url: string;
  managed: Managed;
  /** Its CPU quota, when the cluster holds web servers to one. */
  cpu?: CpuCap;
}

export interface Cluster {
  /** nginx's URL: the site's PUBLIC_URL. */
  url: string;
  /** How each web server's CPU is held, e.g. "0.4 core each (cgroup v1)"; undefined when shared. */
  cpuCap?: string;
  databaseUrl: string;
  dataDir: string;
  webServers: WebServer[];
  worker: Managed;
  nginx: Managed;
  nginxConf: string;
  s3Endpoint: string;
  s3rver: Managed;
  redisUrl: string;
  standIns: StandIns;
  processes: Processes;
  /** Today's edition as the reader lands on it. */
  today: { date: string; edition: number; publisher: string };
  /** The content call of today's edition, a path on `url`. */
  todayPath: string;
  /** SIGKILL to a web server's process group, as a crashed machine. */
  kill(server: WebServer): Promise<void>;
  /** Starts a web server again on its port; resolves once its /readyz answers 200. */
  restart(server: WebServer): Promise<void>;
  /** SIGTERM to a web server, as a deploy takes one out. */
  stopServer(server: WebServer): Promise<void>;
  /** Resolves once the demo seed is done (throws when it failed): a load measured meanwhile measures the seed. */
  waitForDemoSeed(): Promise<void>;
  /** Runs `step` when the cluster stops, before its processes are stopped. */
  atStop(step: () => Promise<void>): void;
  /** Stops every process the cluster started; safe to call twice. */
  stop(): Promise<void>;
}

/** The one secret and token every process shares, kept with the cluster's data. */
async function secrets(dataDir: string): Promise<{ authSecret: string; metricsToken: string }> {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file))
    return JSON.parse(await readFile(file, 'utf8')) as { authSecret: string; metricsToken: string };
  const made = {
    authSecret: randomBytes(48).toString('base64url'),
    metricsToken: randomBytes(24).toString('base64url'),
  };
  await writeFile(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}

function npm(script: string): void {
  execFileSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit' });
}

/** Fonts the demo newspapers are set in, and the web app's production build when missing. */
function prepareBuild(say: (line: string) => void): void {
  npm('ensure-fonts');
  if (!existsSync(path.join(ROOT, 'apps', 'web', 'dist', 'index.html'))) {
    say('building the web app (apps/web/dist is missing)...');
    npm('build');
  }
}

/**
 * Resolves once the database says the demo seed is done. The worker seeds and serves
 * no HTTP, so the database is what every process agrees on; a seed that failed is in
 * the worker's log (it goes on with its jobs), and ends the wait at once.
 */
async function waitForDemoSeed(
  databaseUrl: string,
  worker: Managed,
  processes: Processes,
  say: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  let last = -1;
  await waitUntil(
    'the demo seed to be done',
    async () => {
      const { state, issues } = await demoSeedState(databaseUrl);
      if (state === 'done') return true;
      if (issues !== last) say(`demo seed: ${issues} edition(s) published`);
      last = issues;
      return false;
    },
    {
      timeoutMs: READY_TIMEOUT_MS,
      everyMs: 1_000,
      alive: () => {
        processes.assertRunning(worker);
        // Nothing measured beside a failed seed would be honest.
        if (processes.tail(worker, 200).includes('demo seed failed'))
          throw new Error(
            `the demo seed failed; the end of ${worker.logFile}:\n${processes.tail(worker)}`,
          );
      },
    },
  );
  say(`demo seed done (${((performance.now() - started) / 1000).toFixed(1)} s more)`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const say = options.say ?? ((line: string) => console.log(line));
  const started = performance.now();
  const port = options.port ?? Number(process.env.CLUSTER_PORT ?? 8080);
  const demoDays = options.demoDays ?? Number(process.env.DEMO_DAYS ?? 7);
  const count = options.webServers ?? 3;
  const dataDir = path.resolve(
    options.dataDir ?? path.join(path.resolve(ROOT, process.env.DATA_DIR ?? 'data'), 'cluster'),
  );
  if (options.fresh) await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const processes = new Processes(path.join(dataDir, 'logs'));
  // nginx's workers run unprivileged: its folder is under the system's temp folder.
  const nginxDir = await mkdtemp(path.join(os.tmpdir(), 'folio-cluster-nginx-'));
  const stopSteps: Array<() => Promise<void>> = [];
  let standIns: StandIns | undefined;
  let capper: CpuCaps | undefined;
  let databaseToDrop: string | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Each step runs whatever the one before did: a failed step stops nothing else.
      const steps = [
        ...stopSteps.splice(0).reverse(),
        () => processes.stopAll(),
        async () => capper?.removeAll(),
        async () => standIns?.close(),
        async () => (databaseToDrop ? dropDatabase(databaseToDrop) : undefined),
        () => rm(nginxDir, { recursive: true, force: true }),
      ];
      for (const step of steps) await step().catch((error: unknown) => console.error(error));
    })();
    return stopping;
  };
  stopOnSignals(stop);
  let ready = false;
  processes.onUnexpectedExit = (managed) => {
    // During start-up the waits report it, with the end of its log.
    if (ready)
      say(
        `! ${managed.name} (pid ${managed.pid}) exited unexpectedly; its log: ${managed.logFile}`,
      );
  };

  try {
    prepareBuild(say);
    ensureNginx(ROOT);
    const databaseUrl = await prepareDatabase(options.database ?? 'folio_cluster', !!options.fresh);
    if (options.dropDatabaseOnStop) databaseToDrop = databaseUrl;
    say(`postgres   ${databaseUrl}`);
    const redis = await ensureRedis(processes, path.join(dataDir, 'redis'));
    say(
      `redis      ${redis.url}${redis.started ? ` (started here, pid ${redis.started.pid})` : ' (already running)'}`,
    );
    standIns = await startStandIns(
      options.showMessages
        ? (m: Message) =>
            say(`${m.channel === 'email' ? 'mail' : 'sms '} to ${m.to}: ${m.text.split('\n')[0]}`)
        : undefined,
    );
    say(
      `stand-ins  mail ${standIns.smtpUrl}, SMS ${standIns.smsGatewayUrl}, Razorpay ${standIns.razorpay.config.apiUrl} (in this process, pid ${process.pid})`,
    );
    const s3 = await startS3rver(processes, ROOT, path.join(dataDir, 's3'));
    say(`s3rver     ${s3.endpoint} bucket ${BUCKET} (pid ${s3.managed.pid})`);

    const { authSecret, metricsToken } = await secrets(dataDir);
    const url = `http://127.0.0.1:${port}`;
    const rzp = standIns.razorpay.config;
    const shared: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.homedir(),
      NODE_ENV: 'production',
      LOG_LEVEL: options.logLevel ?? 'info',
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      METRICS_TOKEN: metricsToken,
      TRUST_PROXY: '127.0.0.1',
      JOB_RUNNER: 'queue',
      REDIS_URL: redis.url,
      DEMO_DAYS: String(demoDays),
      // One folder for every process, as machines would mount one share: a page file
      // the desk sends to any web server is read by the worker's assembly, and a
      // resumable upload goes on through whichever server nginx picks next.
      DATA_DIR: path.join(dataDir, 'shared'),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: standIns.smtpUrl,
      SMTP_FROM: 'Folio cluster <epaper@cluster.example>',
      SMS_GATEWAY_URL: standIns.smsGatewayUrl,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: rzp.keyId,
      RAZORPAY_KEY_SECRET: rzp.keySecret,
      RAZORPAY_WEBHOOK_SECRET: rzp.webhookSecret,
      RAZORPAY_API_URL: rzp.apiUrl,
      // Production issues tax invoices in the publisher's name: a stand-in that says so.
      PUBLISHER_LEGAL_NAME: 'Folio Cluster Publisher (not a real company)',
      PUBLISHER_ADDRESS: '1 Test Street\\nBengaluru 560001\\nKarnataka, India',
      PUBLISHER_GSTIN: '29AAAAA0000A1Z5',
      PUBLISHER_STATE: 'Karnataka',
      PUBLISHER_SUPPORT_EMAIL: 'support@cluster.example',
      ...options.env,
    };

    let cpuCap: string | undefined;
    if (options.cpuPerWebServer !== undefined) {
      const caps = cpuCaps(String(process.pid));
      if ('unavailable' in caps)
        throw new Error(`web servers cannot be held to a CPU quota here: ${caps.unavailable}`);
      capper = caps;
      const quota = `${options.cpuPerWebServer} core (${caps.kind} CPU quota)`;
      cpuCap = `${quota} each`;
      say(`cpu        each web server is held to ${quota}, as a host of its own`);
    }
    const startWeb = (server: { name: string; port: number; cpu?: CpuCap }) => {
      const managed = processes.start(
        server.name,
        process.execPath,
        ['--import', 'tsx', SERVER_ENTRY],
        {
          tier: 'app',
          cwd: ROOT,
          env: {
            ...shared,
            PORT: String(server.port),
          },
        },
      );
      // Before it has loaded its code: the quota holds its start too, as on a small host.
      server.cpu?.place(managed.pid);
      return managed;
    };
    const webServers: WebServer[] = [];
    const alive = () => processes.assertRunning(...webServers.map((s) => s.managed));
    const launch = async (index: number): Promise<WebServer> => {
      const name = `web-${index}`;
      const serverPort = await freePort();
      const cpu =
        capper && options.cpuPerWebServer !== undefined
          ? capper.make(name, options.cpuPerWebServer)
          : undefined;
      const server: WebServer = {
        name,
        port: serverPort,
        url: `http://127.0.0.1:${serverPort}`,
        managed: startWeb({ name, port: serverPort, cpu }),
        ...(cpu ? { cpu } : {}),
      };
      webServers.push(server);
      say(`${name.padEnd(10)} ${server.url} (pid ${server.managed.pid})`);
      return server;
    };
    // The first server migrates the database and writes the catalogues; the others,
    // and the worker, start once it listens and find the schema ready.
    const first = await launch(1);
    await waitUntil(
      `${first.name} to migrate and listen`,
      () => answers200(`${first.url}/healthz`),
      {
        timeoutMs: 5 * 60_000,
        alive,
      },
    );
    for (let i = 2; i <= count; i += 1) await launch(i);
    const worker = processes.start('worker', process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
      tier: 'app',
      cwd: ROOT,
      // Its log is read for a failed seed, and it logs no requests: info.
      env: { ...shared, LOG_LEVEL: 'info' },
    });
    say(`worker     pid ${worker.pid}, seeds ${demoDays} day(s) of demo editions`);
    const aliveAll = () => {
      alive();
      processes.assertRunning(worker, s3.managed, ...(redis.started ? [redis.started] : []));
    };
    for (const server of webServers)
      await waitUntil(`${server.name} to be ready`, () => answers200(`${server.url}/readyz`), {
        timeoutMs: 5 * 60_000,
        alive: aliveAll,
      });

    const nginx = await startNginx(processes, {
      name: 'nginx',
      dir: nginxDir,
      port,
      upstreams: webServers.map((s) => s.port),
      healthPath: '/healthz',
    });
    say(`nginx      ${nginx.url} (pid ${nginx.managed.pid}, config ${nginx.conf})`);

    const config = siteConfigSchema.parse(await (await fetch(`${url}/api/config`)).json());
    const today = {
      date: config.today,
      edition: BRANDS[config.brand].defaultEdition,
      publisher: config.publisher,
    };
    const todayPath = `/api/epaper/data?date=${isoToCompact(today.date)}&edition=${today.edition}&publisher=${today.publisher}`;
    say(
      `waiting for today's edition (${today.publisher} ${today.date} #${today.edition}) from the worker's seed...`,
    );
    await waitUntil(`today's edition through nginx`, () => answers200(`${url}${todayPath}`), {
      timeoutMs: READY_TIMEOUT_MS,
      everyMs: 1_000,
      alive: () => {
        aliveAll();
        processes.assertRunning(nginx.managed);
      },
    });
    for (const server of webServers)
      await waitUntil(`${server.name} to be ready`, () => answers200(`${server.url}/readyz`), {
        timeoutMs: 60_000,
        alive: aliveAll,
      });
    ready = true;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    say(
      `ready in ${seconds} s: ${url} (every web server's /readyz is 200, today's edition is served through nginx)`,
    );
    say(`logs       ${path.join(dataDir, 'logs')}/<part>.log`);
    say(`metrics    curl -H 'Authorization: Bearer ${metricsToken}' ${webServers[0]?.url}/metrics`);

    return {
      url,
      ...(cpuCap ? { cpuCap } : {}),
      databaseUrl,
      dataDir,
      webServers,
      worker,
      nginx: nginx.managed,
      nginxConf: nginx.conf,
      s3Endpoint: s3.endpoint,
      s3rver: s3.managed,
      redisUrl: redis.url,
      standIns,
      processes,
      today,
      todayPath,
      kill: (server) => processes.kill(server.managed),
      stopServer: (server) => processes.stop(server.managed),
      async restart(server) {
        server.managed = startWeb(server);
        await waitUntil(
          `${server.name} to be ready again`,
          () => answers200(`${server.url}/readyz`),
          {
            timeoutMs: 5 * 60_000,
            alive: () => processes.assertRunning(server.managed),
          },
        );
      },
      waitForDemoSeed: () => waitForDemoSeed(databaseUrl, worker, processes, say),
      atStop: (step) => stopSteps.push(step),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.some((a) => a !== '--fresh')) {
    console.log(
      'usage: npm run cluster [-- --fresh]\n  --fresh  drop the database folio_cluster and the cluster data folder first\nenv: CLUSTER_PORT (8080), DEMO_DAYS (7), DATA_DIR (./data)',
    );
    process.exit(args.includes('--help') ? 0 : 2);
  }
  let cluster: Cluster;
  try {
    cluster = await startCluster({ fresh: args.includes('--fresh'), showMessages: true });
  } catch (error) {
    console.error(
      `\nthe cluster did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  console.log(
    `\nFolio is at ${cluster.url}. Sign-in codes are printed here. Ctrl+C stops every process above.`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
