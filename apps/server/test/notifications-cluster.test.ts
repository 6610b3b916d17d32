import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { type Jobs, openJobs, QUEUE_SCHEMA } from '../src/db/queue.js';
import { appointments, notifications, users } from '../src/db/schema/index.js';
import { CLAIM_SECONDS, insertNotifications } from '../src/modules/notifications/repository.js';
import { MAIL_QUEUE } from '../src/modules/notifications/service.js';
import { REMINDERS_QUEUE } from '../src/modules/notifications/workers.js';
import { createDatabase, dropDatabase, needsCluster, type ServerProcess, startServer, stopServer } from './cluster.js';
import { RECORDS_KEY } from './helpers.js';
import { type MailCatcher, startMailCatcher } from './mail-catcher.js';

/**
 * Two real server processes on one PostgreSQL database, both running the notification workers: a reminder that both
 * look for is recorded once and mailed once. In CI a missing PostgreSQL fails this file; elsewhere it skips. Slow-ish
 * (about 40 s): it starts servers and waits for their workers' polls and the queue's retry delay.
 */
describe.runIf(await needsCluster('notifications-cluster'))('notifications across two processes', () => {
  let databaseUrl: string;
  let database: Database;
  let jobs: Jobs;
  let mail: MailCatcher;
  let servers: ServerProcess[] = [];
  let env: Record<string, string>;
  const after: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    databaseUrl = await createDatabase();
    env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: mail.url,
      JWT_SECRET: 'cluster-jwt-secret-0123456789abcdef',
      RECORDS_KEY,
      DATA_DIR: joinPath(tmpdir(), 'rozmova-cluster'),
      WEB_DIST: joinPath(tmpdir(), 'rozmova-no-web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([startServer(env), startServer(env)]);
    // This process only writes rows and sends jobs into the shared database; it runs no worker.
    database = await openDatabase({ databaseUrl });
    jobs = await openJobs(database.queue);
  }, 90_000);

  afterAll(async () => {
    for (const close of after) await close();
    await Promise.all(servers.map(stopServer));
    servers = [];
    await jobs?.stop();
    await database?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    await mail?.close();
  });

  const person = (role: 'PSYCHOLOGIST' | 'PATIENT', firstName: string) =>
    database.db
      .insert(users)
      .values({ email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`, role, firstName, lastName: 'Test' })
      .returning()
      .then(([row]) => row);

  it('records and mails each due reminder once, however many processes look', async () => {
    const { db } = database;
    const psychologist = await person('PSYCHOLOGIST', 'Olena');
    const patient = await person('PATIENT', 'Petro');
    // Starts in 30 minutes (real time: these servers run on the system clock), booked two days ago.
    const now = Date.now();
    await db.insert(appointments).values({
      psychologistId: psychologist.id,
      patientId: patient.id,
      startsAt: new Date(now + 30 * 60_000),
      endsAt: new Date(now + 90 * 60_000),
      videoCallRoomId: randomUUID(),
      scheduledAt: new Date(now - 2 * 86_400_000),
    });

    // What the per-minute schedule sends, sent twice at once so that both processes look.
    await Promise.all([jobs.send(REMINDERS_QUEUE, {}), jobs.send(REMINDERS_QUEUE, {})]);
    await mail.waitForMails(patient.email, 1, 30_000);
    await mail.waitForMails(psychologist.email, 1, 30_000);
    // Both sweeps have finished, and no mail waits, before counting.
    for (let waited = 0; ; waited += 100) {
      const open = (await db.execute(
        `select count(*)::int as n from jobs.job where name in ('notification-reminders', 'notification-mail') and state <> 'completed'`,
      )) as unknown as { rows: { n: number }[] };
      const waiting = await db.select().from(notifications).where(eq(notifications.mail, 'PENDING'));
      if (open.rows[0].n === 0 && waiting.length === 0) break;
      if (waited > 30_000) throw new Error('the jobs did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    const recorded = await db.select({ userId: notifications.userId, kind: notifications.kind }).from(notifications);
    expect(recorded.sort((a, b) => a.userId - b.userId)).toEqual(
      [
        { userId: psychologist.id, kind: 'REMINDER_1H' },
        { userId: patient.id, kind: 'REMINDER_1H' },
      ].sort((a, b) => a.userId - b.userId),
    );
    expect(mail.mailsTo(patient.email).map((m) => m.subject)).toEqual(['Your session starts in an hour']);
    expect(mail.mailsTo(psychologist.email).map((m) => m.subject)).toEqual(['Your session starts in an hour']);
  }, 60_000);

  // Over 30 s: two server starts, then the queue's first retry delay (10 to 20 s, as production has it).
  it('sends a mail whose process was killed mid-send, once, from another process', async () => {
    // A mail server that takes the connection and never answers: the process sending to it is caught mid-send.
    const held: Socket[] = [];
    let connected: () => void = () => {};
    const caught = new Promise<void>((resolve) => {
      connected = resolve;
    });
    const silent = createServer((socket) => {
      held.push(socket);
      connected();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    after.push(() => new Promise<void>((done) => silent.close(() => done())));
    const { port } = silent.address() as AddressInfo;
    // Only the doomed process works at first, so it is the one that takes the job.
    await Promise.all(servers.map(stopServer));
    servers = [await startServer({ ...env, SMTP_URL: `smtp://127.0.0.1:${port}` })];
    const [doomed] = servers;
    const patient = await person('PATIENT', 'Ivanna');
    const [id] = await insertNotifications(database.db, [
      {
        userId: patient.id,
        kind: 'MESSAGE',
        appointmentId: null,
        key: `message:${randomUUID()}`,
        details: { as: 'PATIENT', otherName: 'Olena Test' },
        createdAt: new Date(),
      },
    ]);
    await jobs.send(MAIL_QUEUE, { notificationId: id });
    await caught;
    doomed.child.kill('SIGKILL');
    for (const socket of held) socket.destroy();

    // The dead process's hold lapses with time: the job's expiry and the mail's claim are both CLAIM_SECONDS. Rather
    // than wait them out (and then up to the queue's maintenance interval), the test moves both back by that much
    // and runs the queue's own expiry, as its maintenance would.
    const job = sql`name = ${MAIL_QUEUE} and state = 'active' and data->>'notificationId' = ${String(id)}`;
    const expiry = (await database.db.execute(
      sql`select extract(epoch from expire_in)::int as seconds from ${sql.raw(QUEUE_SCHEMA)}.job where ${job}`,
    )) as unknown as { rows: { seconds: number }[] };
    expect(expiry.rows).toEqual([{ seconds: CLAIM_SECONDS }]);
    await database.db.execute(sql`update ${sql.raw(QUEUE_SCHEMA)}.job set started_on = started_on - expire_in where ${job}`);
    await database.db
      .update(notifications)
      .set({ mailClaimedUntil: sql`${notifications.mailClaimedUntil} - make_interval(secs => ${CLAIM_SECONDS})` })
      .where(eq(notifications.id, id));
    const boss = new PgBoss({ connectionString: databaseUrl, schema: QUEUE_SCHEMA, supervise: false, schedule: false });
    await boss.start();
    await boss.expire();
    await boss.stop({ graceful: false, wait: true });
    servers = [await startServer(env)];

    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ mail: 'PENDING', mailAttempts: 1 });
    const mails = await mail.waitForMails(patient.email, 1, 40_000);
    expect(mails.map((m) => m.subject)).toEqual(['A message from Olena Test']);
    for (let waited = 0; ; waited += 100) {
      const [now] = await database.db.select().from(notifications).where(eq(notifications.id, id));
      if (now.mail === 'SENT') {
        expect(now.mailAttempts).toBe(2);
        break;
      }
      if (waited > 10_000) throw new Error(`the mail is ${now.mail}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail.mailsTo(patient.email)).toHaveLength(1);
  }, 60_000);
});
