import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Jobs } from '../db/queue.js';
import type { UserRow } from '../db/schema/index.js';
import type { AppEvents } from '../lib/app-events.js';
import type { PlatformClock } from '../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import type { Tokens } from './tokens.js';

/** What services get from the app: storage, the clock, settings, mail and sessions; never the Fastify instance. */
export type AppContext = {
  db: Db;
  clock: PlatformClock;
  config: Config;
  mailer: Mailer;
  tokens: Tokens;
  events: AppEvents;
  /** Durable jobs in the database: mails to send, reminders to record. */
  jobs: Jobs;
  log: FastifyBaseLogger;
};

/** A request by a signed-in account: who asks (`user`), from where (`ip`, for the audit trail) and, through the clock, when. */
export type ViewerContext = AppContext & { user: UserRow; ip?: string };
