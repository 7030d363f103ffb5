// Builds the HTTP app without listening, so tests drive it with app.inject().
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { databaseTarget, openDatabase } from './db/database.ts';
import { installCompression } from './http/compression.ts';
import { installCsrfGuard } from './http/csrf.ts';
import { installApiDocs } from './http/docs.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installJsonDepthLimit, requestBoundsOptions } from './http/request-bounds.ts';
import { installMetrics } from './http/metrics.ts';
import { genReqId, installRequestIds, withRequestId } from './http/request-id.ts';
import { installSecurityHeaders } from './http/security.ts';
import { installSessionHint } from './http/session-hint.ts';
import { serverWithFirstResponders } from './http/server.ts';
import { DEFAULT_WEB_DIST, installWebApp } from './http/web-app.ts';
import { createLogger } from './logger.ts';
import { accountRoutes } from './modules/account/index.ts';
import { audienceRoutes } from './modules/audience/index.ts';
import { signInRoutes } from './modules/auth/index.ts';
import { editionRoutes } from './modules/editions/index.ts';
import { landingHints } from './modules/editions/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { libraryRoutes } from './modules/library/index.ts';
import { marketingRoutes, offersRoutes } from './modules/marketing/index.ts';
import { downloadRoutes } from './modules/downloads/index.ts';
import { mediaRoutes } from './modules/media/index.ts';
import { devClockRoutes } from './modules/dev/index.ts';
import {
  careRoutes,
  deskRoutes,
  deskUploadRoutes,
  figuresRoutes,
  inboxRoutes,
  planDeskRoutes,
  zoningRoutes,
} from './modules/desk/index.ts';
import { devOutboxRoutes, devOutboxServed } from './modules/messaging/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { paymentRoutes } from './modules/subscriptions/index.ts';
import { sandboxRoutes } from './modules/payments/index.ts';
import { subscriptionRoutes } from './modules/subscriptions/index.ts';
import { supportRoutes } from './modules/support/index.ts';

export interface AppDeps {
  /** Services over an already opened database; when absent the app opens (and closes) its own. */
  container?: Container;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDistDir?: string;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = deps.container?.log ?? createLogger(config);
  const container =
    deps.container ??
    createContainer(config, await openDatabase(databaseTarget(config)), { log: loggerInstance });
  const app: FastifyInstance = Fastify({
    loggerInstance,
    // Behind a proxy the client's address and scheme come from X-Forwarded-*,
    // but only from the proxies TRUST_PROXY names; anyone else could forge them.
    trustProxy: config.trustProxy,
    ...requestBoundsOptions,
    // X-Request-Id when well formed, else a fresh id (http/request-id.ts).
    genReqId,
    // The content API's answers seen before are replayed without the router
    // (with a request id, and counted in the metrics as their route's requests).
    serverFactory: serverWithFirstResponders(
      [
        withRequestId(
          container.metrics.counted('/api/epaper/data', (req, res) =>
            container.epaperReplays.serve(req, res),
          ),
        ),
      ],
      (intake) => container.metrics.watchIntake(intake),
      container.metrics.countedOnWire('/api/epaper/data', (request) =>
        container.epaperReplays.answerOnWire(request),
      ),
    ),
  });
  if (!deps.container) app.addHook('onClose', async () => container.db.destroy());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Operations (docs/decisions/0038): request ids first, so every later hook's log carries one.
  installRequestIds(app);
  installMetrics(app, {
    metrics: container.metrics,
    token: config.metricsToken,
    jobs: container.jobs,
  });
  installJsonDepthLimit(app);
  installCsrfGuard(app, config.publicUrl);
  // Before the security headers' hook, which marks every answer with a cookie no-store.
  installSessionHint(app, config.publicUrl);
  await installSecurityHeaders(app, config.publicUrl, {
    googleSignIn: config.google !== undefined,
    tagManager: config.gtmId !== undefined,
    // Razorpay's hosted checkout is reached by a form POST from /review.
    paymentFormTarget:
      config.payments.provider === 'razorpay'
        ? new URL(config.payments.razorpay.apiUrl).origin
        : null,
  });
  await installCompression(app);
  await installApiDocs(app, config.publicUrl);

  await app.register(healthRoutes, { health: container.health });
  await app.register(siteRoutes, { site: container.site });
  await app.register(marketingRoutes, { marketing: container.marketing, brand: config.brand });
  await app.register(supportRoutes, { contact: container.contact });
  await app.register(editionRoutes, {
    editions: container.editions,
    answers: container.epaperAnswers,
    replays: container.epaperReplays,
    viewers: container.viewers,
  });
  await app.register(searchRoutes, { search: container.search, viewers: container.viewers });
  await app.register(mediaRoutes, { media: container.media, viewers: container.viewers });
  await app.register(downloadRoutes, {
    editions: container.editions,
    storage: container.storage,
    viewers: container.viewers,
    gate: container.gate,
    publicUrl: config.publicUrl,
    verifyLinks: container.verifyLinks,
  });
  const { auth, accounts, preferences, google } = container;
  await app.register(signInRoutes, { auth, publicUrl: config.publicUrl, google });
  await app.register(accountRoutes, { auth, accounts, preferences, brand: config.brand });
  await app.register(subscriptionRoutes, {
    auth,
    catalogue: container.catalogue,
    subscriptions: container.subscriptions,
    invoices: container.invoices,
  });
  await app.register(libraryRoutes, { auth, library: container.library });
  await app.register(paymentRoutes, { completion: container.payments });
  await app.register(deskRoutes, {
    auth,
    desk: container.desk,
    publicUrl: config.publicUrl,
    siteBrand: config.brand,
  });
  await app.register(zoningRoutes, { auth, desk: container.desk });
  await app.register(planDeskRoutes, { auth, desk: container.desk, plans: container.planDesk });
  await app.register(offersRoutes, { auth, desk: container.desk, offers: container.offers });
  await app.register(inboxRoutes, { auth, desk: container.desk, inbox: container.inbox });
  await app.register(careRoutes, { auth, desk: container.desk, care: container.care });
  await app.register(figuresRoutes, { auth, desk: container.desk, figures: container.figures });
  await app.register(audienceRoutes, { visits: container.visits, viewers: container.viewers });
  await app.register(deskUploadRoutes, {
    auth,
    desk: container.desk,
    uploadsDir: config.uploadsDir,
    publicUrl: config.publicUrl,
  });
  if (container.sandbox) await app.register(sandboxRoutes, { sandbox: container.sandbox });
  if (devOutboxServed(config) && container.outbox)
    await app.register(devOutboxRoutes, { outbox: container.outbox });
  if (container.devClock)
    await app.register(devClockRoutes, {
      clock: container.devClock,
      renewals: container.renewals,
      timeZone: config.publisherTz,
    });

  await installWebApp(
    app,
    deps.webDistDir ?? DEFAULT_WEB_DIST,
    landingHints(container.editions, container.epaperAnswers, loggerInstance, (href) =>
      container.media.visitorText(href),
    ),
  );
  return app;
}
