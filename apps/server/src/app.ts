import { resolve } from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { type Jobs, openJobs } from './db/queue.js';
import { checkTimeZones } from './db/time-zones.js';
import { AppEvents } from './lib/app-events.js';
import { type Now, PlatformClock } from './lib/clock.js';
import { withRequestId } from './lib/request-context.js';
import { RequestLogController } from './lib/request-log.js';
import { originFormServer } from './lib/request-target.js';
import { closeSanitizer } from './lib/sanitize-html.js';
import { serverDir } from './lib/server-dir.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { apiModules } from './modules/index.js';
import { startNotificationWorkers } from './modules/notifications/workers.js';
import authPlugin from './plugins/auth.js';
import bodiesPlugin from './plugins/bodies.js';
import dbPlugin from './plugins/db.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin from './plugins/errors.js';
import hostsPlugin from './plugins/hosts.js';
import metricsPlugin from './plugins/metrics.js';
import rateLimitsPlugin from './plugins/rate-limits.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';
import { inlineScriptHashes } from './plugins/web-pages.js';
import signalPlugin from './signal/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The platform's wall clock: every "now" and "today" comes from here. */
    clock: PlatformClock;
    mailer: Mailer;
    /** In-process notices between parts of the server (sessions ended, accounts changed, appointments canceled). */
    events: AppEvents;
    /** The job queue in the database. */
    jobs: Jobs;
  }
}

export const defaultWebDist = resolve(serverDir, '../web/dist');

/** A hop count trusts that many proxies in front of the server, as proxy-addr reads a number. */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** What tests may swap: the database, logging (off, or into a stream they read), and where the current instant comes from. */
export type AppDeps = {
  database?: Database;
  logger?: boolean;
  logStream?: { write: (line: string) => void };
  now?: Now;
  /** The first delay before a failed mail is tried again (doubling each time); 10 s unless a test shortens it. */
  mailRetrySeconds?: number;
};

/** Builds the whole HTTP app; tests build it the same way with their own database. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const webRoot = config.webDist ?? defaultWebDist;
  const security = { scriptHashes: inlineScriptHashes(webRoot) };
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, ...(deps.logStream && { stream: deps.logStream }) },
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    serverFactory: originFormServer,
  }).withTypeProvider<ZodTypeProvider>();
  // First of all hooks: everything the request goes on to do runs under its id (lib/request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => withRequestId(request.id, done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', new PlatformClock(config.timeZone, deps.now));
  app.decorate('events', new AppEvents());
  app.decorate('mailer', createMailer(config, app.log, app.events));

  const database =
    deps.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeZone: config.timeZone }));
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database, closeOnShutdown: !deps.database });
  await checkTimeZones(database.db, config.timeZone, app.log);
  app.decorate('jobs', await openJobs(database.queue, app.log));
  // Before the database closes: the queue's workers stop first.
  app.addHook('preClose', () => app.jobs.stop());
  app.addHook('onClose', () => closeSanitizer());
  // Before every route, so each request is timed.
  await app.register(metricsPlugin);
  await app.register(securityPlugin, security);
  await app.register(hostsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitsPlugin);
  await app.register(docsPlugin);
  await app.register(bodiesPlugin);
  await app.register(async (api) => {
    // API answers only (the web assets are served pre-compressed); small ones are not worth the CPU.
    await api.register(compress, { threshold: 1024, globalDecompression: false });
    for (const module of apiModules) await api.register(module, { prefix: '/api' });
  });
  await app.register(signalPlugin);
  app.addHook('onReady', () => startNotificationWorkers(app, { mailRetrySeconds: deps.mailRetrySeconds ?? 10 }));
  await app.register(webPlugin, { root: webRoot });
  return app;
}
