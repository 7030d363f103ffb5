// Wires the server by hand: database -> repos -> services -> adapters. Everything a
// route needs arrives through here, so tests can build the same graph on their
// own database.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BRANDS } from '@folio/core';
import { renderPageTilesInWorker, reZonePageInWorker } from '@folio/ingest';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { createLogger } from './logger.ts';
// Issue 28 part 4 (operations): the metrics every part reports to.
import { Metrics } from './http/metrics.ts';
import { PreferencesService } from './modules/account/index.ts';
import { ProfileRepo } from './modules/account/index.ts';
import { AccountService } from './modules/account/index.ts';
import { createFolioAuth, type FolioAuth } from './modules/auth/index.ts';
import { GoogleIdentity } from './modules/auth/index.ts';
import { OtpRepo } from './modules/auth/index.ts';
import { OtpService } from './modules/auth/index.ts';
import { UserDirectory } from './modules/auth/index.ts';
import { DEFAULT_DEMO_PLAN, DemoSeeder, type DemoPlan } from './modules/editions/index.ts';
import { DemoSeedRepo } from './modules/editions/index.ts';
import { EpaperAnswers } from './modules/editions/index.ts';
import { EpaperReplays } from './modules/editions/index.ts';
import { IssueRepo } from './modules/editions/index.ts';
import { PublishService } from './modules/editions/index.ts';
import { EditionRepo } from './modules/editions/index.ts';
import { EditionService } from './modules/editions/index.ts';
import { BrandSettings } from './modules/editions/index.ts';
// Issue 28 part 2 (shared state, decision 0039): every server's caches follow edits made on any.
import { ChangeFeed } from './modules/changes/index.ts';
import { RedisRateLimits } from './modules/auth/index.ts';
import { notificationSource } from './db/database.ts';
import { HealthRepo } from './modules/health/index.ts';
import { HealthService } from './modules/health/index.ts';
import { MediaService } from './modules/media/index.ts';
import { LocalFolderStorage, type MediaStorage } from './modules/media/index.ts';
// Issue 28 part 1 (media in S3): the bucket when configured, and the orphan sweep.
import { ImageCache, S3Storage } from './modules/media/index.ts';
import { MediaSweep } from './modules/editions/index.ts';
import { LibraryRepo } from './modules/library/index.ts';
import { LibraryService } from './modules/library/index.ts';
import { MarketingRepo } from './modules/marketing/index.ts';
import { MarketingService } from './modules/marketing/index.ts';
import { DeskOffers } from './modules/marketing/index.ts';
import { createDelivery } from './modules/messaging/index.ts';
import { DevClock } from './modules/dev/index.ts';
import {
  Assembly,
  AuditRepo,
  DeskService,
  DropFolder,
  IncomingRepo,
  Intake,
  StaffRepo,
  Zoning,
  Inbox,
  InboxRepo,
  DeskCare,
  DeskFigures,
  FiguresRepo,
  reportMail,
} from './modules/desk/index.ts';
import { ReaderDayRepo, ReaderVisits } from './modules/audience/index.ts';
import { VerifyLinks } from './modules/downloads/index.ts';
import type { DevOutbox } from './modules/messaging/index.ts';
import { SiteService } from './modules/site/index.ts';
import { AccessGate } from './modules/access/index.ts';
import { ViewerEntitlements } from './modules/access/index.ts';
import { KeyedHash, deriveKey, resolveAuthSecret } from './modules/auth/index.ts';
import type { PaymentProvider } from './modules/payments/index.ts';
import { RazorpayProvider } from './modules/payments/index.ts';
import { SandboxProvider } from './modules/payments/index.ts';
import { Catalogue } from './modules/subscriptions/index.ts';
import { CatalogueRepo } from './modules/subscriptions/index.ts';
import { LedgerRepo } from './modules/subscriptions/index.ts';
import { LedgerCalls } from './modules/subscriptions/index.ts';
import { PaymentCompletion } from './modules/subscriptions/index.ts';
import type { PaymentKind, PaymentResult } from './modules/subscriptions/index.ts';
import { Terms } from './modules/subscriptions/index.ts';
import { RenewalRepo } from './modules/subscriptions/index.ts';
import { RenewalScheduler } from './modules/subscriptions/index.ts';
import { SubscriptionService } from './modules/subscriptions/index.ts';
import { SubscriptionRepo } from './modules/subscriptions/index.ts';
import { CareRepo, CareResends, SubscriberCare } from './modules/subscriptions/index.ts';
import { InvoiceRepo, Invoices, Receipts } from './modules/subscriptions/index.ts';
import { RenewalNotices } from './modules/subscriptions/index.ts';
import { PlanDesk, PlanDeskRepo } from './modules/subscriptions/index.ts';
import { SearchRepo } from './modules/search/index.ts';
import { SearchService } from './modules/search/index.ts';
import { ContactRepo } from './modules/support/index.ts';
import { ContactService } from './modules/support/index.ts';
// Issue 28 part 3 (jobs and worker, decision 0040): who runs the jobs.
import { InProcessQueue, PgBossQueue, type JobQueue } from './modules/jobs/index.ts';
import { assemblyJobs, rezoneJobs, tileJobs } from './modules/jobs/index.ts';

export interface Container {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Prometheus metrics (GET /metrics): requests, caches, job queues, payments. */
  metrics: Metrics;
  storage: MediaStorage;
  health: HealthService;
  site: SiteService;
  editions: EditionService;
  /** Serialised e-paper data of each issue, dropped when the issue is republished. */
  epaperAnswers: EpaperAnswers;
  epaperReplays: EpaperReplays;
  publisher: PublishService;
  /** Removes media runs no issue refers to (a killed publish's); scheduled hourly by the jobs. */
  mediaSweep: MediaSweep;
  demoSeeder: DemoSeeder;
  media: MediaService;
  /** FAQs, testimonials, the subscriber count and the discount banner. */
  marketing: MarketingService;
  /** The business desk's edits of the banner, FAQs and testimonials (audited). */
  offers: DeskOffers;
  /** The contact form's messages to the editorial team, and their mail retries (the `contact.retry` job). */
  contact: ContactService;
  /** Article search, ranked, with hits the reader's plan does not open locked. */
  search: SearchService;
  /** Readers' saved articles. */
  library: LibraryService;
  /** Sign-in: better-auth with Folio's code and Google plugins. */
  auth: FolioAuth;
  /** Which Google flows exist: One Tap needs GOOGLE_CLIENT_ID, the redirect flow also its secret. */
  google: { oneTap: boolean; redirect: boolean };
  /** The reader's profile, contact changes and marketing choices. */
  accounts: AccountService;
  /** The reader's edition and place. */
  preferences: PreferencesService;
  /** Plans on sale, per brand. */
  catalogue: Catalogue;
  /** The business desk's plans: made, edited, hidden, retired, deleted (audited). */
  planDesk: PlanDesk;
  subscriptions: SubscriptionService;
  /** Paid orders into subscriptions, from returns, webhooks and the reconciler. */
  payments: PaymentCompletion;
  /** The provider that takes payments (the sandbox unless Razorpay is configured). */
  paymentProvider: PaymentProvider;
  /** The sandbox provider when it is the one in use, for its hosted checkout page. */
  sandbox: SandboxProvider | undefined;
  /** The entitlement of a request's session, for content routes. */
  viewers: ViewerEntitlements;
  /** The short links printed on downloaded clips (/v/{code}), sealed with the server secret. */
  verifyLinks: VerifyLinks;
  /** Whether a viewer may have a place of the paper (401/403 when not). */
  gate: AccessGate;
  /** Renewal notices and charges, grace and expiry, scheduled downgrades (the `renewals.tick` job). */
  renewals: RenewalScheduler;
  /** Where codes go when no SMS gateway or SMTP server is configured (never in production). */
  outbox: DevOutbox | undefined;
  /** The desk: staff roles, the second factor's failures, the board, holidays, the audit log. */
  desk: DeskService;
  /** The desk's inbox of readers' Get in touch messages, and replies e-mailed to them. */
  inbox: Inbox;
  /** The desk's subscriber care: a reader's payments and terms, refunds, extensions, sign-out. */
  care: DeskCare;
  /** Invoices of payments, as the reader's and the desk's PDFs. */
  invoices: Invoices;
  /** The desk's figures per brand and day (counts and sums only). */
  figures: DeskFigures;
  /** The readers' daily beacon, kept as salted hashes for the figures. */
  visits: ReaderVisits;
  /** The night desk's assembly of editions from their pages (`edition.assemble`, `release.tick` jobs). */
  assembly: Assembly;
  /** The desk's per-brand choices (free edition, gate tolerance), refreshed by main.ts. */
  brandSettings: BrandSettings;
  /** The versions of what servers cache, and the notifications of their edits (started by main.ts). */
  changes: ChangeFeed;
  /** The sign-in rate limits' counts in Redis when REDIS_URL is set (closed by main.ts). */
  rateLimits: RedisRateLimits | undefined;
  /** The watched drop folder when DROP_DIR is set (started by main.ts). */
  dropFolder: DropFolder | undefined;
  /**
   * The job queue: pg-boss with JOB_RUNNER=queue (web servers send, `npm run
   * worker` runs), else this process's own (main.ts registers job-handlers.ts).
   */
  jobs: JobQueue;
  /** The zoning editor's saves (a worker's `page.rezone` job in queue mode). */
  zoning: Zoning;
  /** The clock a developer (or a test) can move; absent in production and when `now` is pinned. */
  devClock: DevClock | undefined;
}

export interface ContainerOptions {
  /** The clock every service reads; tests pin it. */
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** Size of the demo seed; tests seed a small one. */
  demoPlan?: DemoPlan;
  /** false: the change feed never LISTENs, relying on its version check (tests of lost notifications). */
  listenForChanges?: boolean;
}

export function createContainer(
  config: Config,
  db: Kysely<Database>,
  options: ContainerOptions = {},
): Container {
  const devClock =
    options.now === undefined && config.nodeEnv !== 'production' ? new DevClock() : undefined;
  const now = options.now ?? devClock?.now ?? (() => new Date());
  const log = options.log ?? createLogger(config);
  const metrics = new Metrics();
  const storage: MediaStorage =
    config.storage.kind === 's3'
      ? new ImageCache(new S3Storage(config.storage))
      : new LocalFolderStorage(config.storage.dir);
  const editionRepo = new EditionRepo(db);
  const issueRepo = new IssueRepo(db);
  const rateLimits =
    config.redisUrl === undefined
      ? undefined
      : new RedisRateLimits(config.redisUrl, config.redisKeyPrefix, log);
  const changes = new ChangeFeed(db, {
    source: notificationSource(db),
    checkMs: config.cacheVersionCheckMs,
    log,
    listen: options.listenForChanges,
  });
  // A free edition the desk moved changes every answer's locks (issue 26 part 11).
  const brandSettings = new BrandSettings(
    db,
    (brand) => epaperAnswers.invalidateBrand(brand),
    changes,
  );
  const editions = new EditionService(
    editionRepo,
    issueRepo,
    config.brand,
    config.publisherTz,
    now,
    brandSettings,
  );
  const gate = new AccessGate(
    () => editions.latestDate(),
    (brand) => brandSettings.brand(brand),
  );
  const epaperAnswers = new EpaperAnswers(editions, changes, gate, (hit) =>
    metrics.cacheLookup('epaper_answers', hit),
  );
  const publisher = new PublishService(editionRepo, issueRepo, storage, log, (issue) =>
    epaperAnswers.invalidate(issue.brand, issue.editionNumber, issue.date),
  );
  const delivery = createDelivery(config, log, now);
  const demoSeeder = new DemoSeeder(
    editions,
    new DemoSeedRepo(db),
    publisher,
    config.publisherTz,
    now,
    log,
    options.demoPlan ?? { ...DEFAULT_DEMO_PLAN, days: config.demoDays },
  );
  const authSecret = resolveAuthSecret(config.authSecret, config.dataDir);
  const otp = new OtpService({
    repo: new OtpRepo(db),
    hash: new KeyedHash(deriveKey(authSecret, 'otp')),
    transports: delivery.transports,
    brand: config.brand,
    now,
    log,
    sendsPerIpPerHour: config.sendCodeLimit,
  });
  // The directory reaches better-auth's context lazily: the instance is made below, after its plugins.
  const users = new UserDirectory(() => auth.$context);
  const profiles = new ProfileRepo(db);
  const accounts = new AccountService(users, profiles, otp, config.brand);
  const google = config.google && new GoogleIdentity(config.google, now);
  const auth = createFolioAuth({
    config,
    db,
    log,
    now,
    secret: authSecret,
    otp,
    users,
    contactChanges: accounts,
    google,
    rateLimits,
  });
  const catalogue = new Catalogue(new CatalogueRepo(db), log, changes);
  const subscriptionRepo = new SubscriptionRepo(db);
  const sandbox = new SandboxProvider(
    db,
    deriveKey(authSecret, 'sandbox-payments').toString('hex'),
    config.publicUrl,
    now,
    async (body, headers) => {
      await fetch(`${config.publicUrl}/api/payments/webhooks/sandbox`, {
        method: 'POST',
        body,
        headers,
      });
    },
    {
      pendingMs: config.payments.provider === 'sandbox' ? config.payments.debitPendingMs : 0,
    },
  );
  const paymentProvider: PaymentProvider =
    config.payments.provider === 'razorpay'
      ? new RazorpayProvider(config.payments.razorpay, {
          now,
          businessName: BRANDS[config.brand].name,
        })
      : sandbox;
  const ledger = new LedgerRepo(db);
  const invoiceRepo = new InvoiceRepo(db);
  const invoices = new Invoices(invoiceRepo, config.publisher, config.publisherTz);
  const terms = new Terms(subscriptionRepo, ledger, invoices);
  const renewalRepo = new RenewalRepo(db);
  const receipts = new Receipts(
    invoiceRepo,
    subscriptionRepo,
    renewalRepo,
    delivery.transports,
    { publicUrl: config.publicUrl, timeZone: config.publisherTz },
    now,
    log,
  );
  const renewalSettings = {
    graceDays: config.graceDays,
    timeZone: config.publisherTz,
    publicUrl: config.publicUrl,
    brandName: BRANDS[config.brand].name,
  };
  const paymentOutcome = (kind: PaymentKind, outcome: PaymentResult) =>
    metrics.paymentOutcome(kind, outcome);
  const ledgerCalls = new LedgerCalls(
    ledger,
    subscriptionRepo,
    paymentProvider,
    now,
    log,
    paymentOutcome,
  );
  const payments = new PaymentCompletion(
    subscriptionRepo,
    ledger,
    terms,
    ledgerCalls,
    catalogue,
    receipts,
    paymentProvider,
    config.publisherTz,
    now,
    log,
    paymentOutcome,
  );
  const subscriptions = new SubscriptionService(
    subscriptionRepo,
    catalogue,
    paymentProvider,
    terms,
    payments,
    { graceDays: config.graceDays, timeZone: config.publisherTz, publicUrl: config.publicUrl },
    now,
  );
  const renewals = new RenewalScheduler(
    subscriptionRepo,
    renewalRepo,
    ledger,
    ledgerCalls,
    payments,
    delivery.transports,
    renewalSettings,
    now,
    log,
  );
  const incoming = new IncomingRepo(db);
  const deskEmail = config.deskEmail;
  // Queue mode: editions are assembled, and tiles rendered, by workers (decision 0040).
  const jobs: JobQueue =
    config.jobRunner === 'queue' && config.databaseUrl !== undefined
      ? new PgBossQueue({ connectionString: config.databaseUrl, log })
      : new InProcessQueue(log);
  const assembly = new Assembly(incoming, editions, publisher, now, log, (key, state, report) => {
    if (deskEmail === undefined) return;
    delivery.transports.email
      .send(reportMail(deskEmail, key, state, report))
      .catch((error: unknown) => log.warn({ err: error }, 'could not mail a processing report'));
  });
  if (jobs.kind === 'queue') assembly.sendTo(assemblyJobs(jobs));
  const zoning = new Zoning(
    db,
    storage,
    reZonePageInWorker,
    (issue) => epaperAnswers.invalidate(issue.brand, issue.editionNumber, issue.date),
    log,
    jobs.kind === 'queue' ? rezoneJobs(jobs) : undefined,
  );
  const intake = new Intake(incoming, editions, {
    incomingDir: config.incomingDir,
    siteBrand: config.brand,
    rule: config.pageFileRule,
    now,
    received: (key) => void assembly.schedule(key),
  });
  const desk = new DeskService(
    new StaffRepo(db),
    new AuditRepo(db),
    users,
    editions,
    {
      incoming,
      intake,
      assembly,
      publisher,
      zoning,
    },
    now,
  );
  const marketing = new MarketingService(new MarketingRepo(db), log, now);
  return {
    db,
    changes,
    rateLimits,
    log,
    storage,
    metrics,
    health: new HealthService(
      new HealthRepo(db),
      // In a cluster a worker seeds: the web servers read how far from the database.
      () =>
        jobs.kind === 'queue'
          ? demoSeeder.progressFromDatabase().catch(() => demoSeeder.progress())
          : demoSeeder.progress(),
      { storage, jobs },
    ),
    site: new SiteService(
      config.brand,
      config.publisherTz,
      now,
      config.google?.clientId ?? null,
      config.gtmId ?? null,
      (brand) => brandSettings.of(brand).freeEdition,
    ),
    editions,
    epaperAnswers,
    epaperReplays: new EpaperReplays(
      epaperAnswers,
      (date) => date <= editions.latestDate(),
      (hit) => metrics.cacheLookup('epaper_replays', hit),
    ),
    publisher,
    mediaSweep: new MediaSweep(storage, issueRepo, log),
    demoSeeder,
    media: new MediaService(
      storage,
      gate,
      renderPageTilesInWorker,
      jobs.kind === 'queue' ? { request: tileJobs(jobs) } : undefined,
    ),
    marketing,
    offers: new DeskOffers(new MarketingRepo(db), marketing, new AuditRepo(db), now),
    contact: new ContactService(
      new ContactRepo(db),
      delivery.transports.email,
      { brand: config.brand, limit: config.contactLimit },
      now,
      log,
    ),
    search: new SearchService(new SearchRepo(db), () => editions.latestDate(), gate),
    library: new LibraryService(new LibraryRepo(db), editions, subscriptions, gate),
    auth,
    google: { oneTap: google !== undefined, redirect: google?.redirectFlowEnabled ?? false },
    accounts,
    preferences: new PreferencesService(profiles, editions),
    outbox: delivery.outbox,
    desk,
    care: new DeskCare(
      new SubscriberCare(
        new CareRepo(db),
        subscriptionRepo,
        terms,
        ledger,
        ledgerCalls,
        users,
        now,
      ),
      new CareResends(
        new CareRepo(db),
        subscriptionRepo,
        invoiceRepo,
        receipts,
        new RenewalNotices(
          subscriptionRepo,
          renewalRepo,
          delivery.transports,
          renewalSettings,
          now,
          log,
        ),
        renewalRepo,
      ),
      invoices,
      new AuditRepo(db),
      new StaffRepo(db),
      now,
    ),
    invoices,
    figures: new DeskFigures(new FiguresRepo(db), config.publisherTz),
    visits: new ReaderVisits(new ReaderDayRepo(db), config.publisherTz, now),
    inbox: new Inbox(
      new InboxRepo(db),
      new AuditRepo(db),
      delivery.transports.email,
      { brand: config.brand, timeZone: config.publisherTz },
      now,
      log,
    ),
    assembly,
    jobs,
    zoning,
    brandSettings,
    dropFolder:
      config.dropDir === undefined
        ? undefined
        : new DropFolder(config.dropDir, intake, incoming, now, log, (name, answer) =>
            desk.recordDrop(name, answer),
          ),
    devClock,
    catalogue,
    planDesk: new PlanDesk(new PlanDeskRepo(db), catalogue, async ({ actor, ...entry }) =>
      new AuditRepo(db).write(
        { actorId: actor.userId, actor: actor.email, role: actor.role, ...entry },
        now(),
      ),
    ),
    subscriptions,
    payments,
    renewals,
    paymentProvider,
    sandbox: paymentProvider === sandbox ? sandbox : undefined,
    viewers: new ViewerEntitlements(auth, subscriptions),
    verifyLinks: new VerifyLinks(deriveKey(authSecret, 'verify-links')),
    gate,
  };
}
