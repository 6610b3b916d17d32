import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { BackupError, createBackup, type Manifest, restoreBackup } from '../src/backup/index.js';
import { missingRecordsKeys } from '../src/backup/keys.js';
import { openDatabase } from '../src/db/client.js';
import { parseKeyring } from '../src/lib/records-cipher.js';
import { addSlots, dateFromToday, nextWeekday, platformInstant } from './booking-helpers.js';
import { createPatient, createPsychologist, type TestUser } from './factories.js';
import { pdf } from './fixtures/documents.js';
import { multipart } from './fixtures/images.js';
import { buildTestApp, call, RECORDS_KEY, type TestContext } from './helpers.js';
import { postRecord, treat } from './records-helpers.js';

const pgUrl = process.env.DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'rozmova-backup-'));
let ctx: TestContext;
const dropLater: string[] = [];

async function admin(text: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server, dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `rozmova_restore_${randomUUID().replaceAll('-', '')}`;
  await admin(`CREATE DATABASE ${name}`);
  dropLater.push(name);
  const url = new URL(pgUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  // Notes are written as fast as they go while the backup runs: no limit on their rate here.
  ctx = await buildTestApp({ RATE_LIMITS: 'off' });
});
afterAll(async () => {
  await ctx?.close();
  for (const name of dropLater) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
});

const source = (app: FastifyInstance) =>
  'pglite' in app.database.queue ? { pglite: app.database.queue.pglite } : { databaseUrl: app.database.queue.connectionString };

/** Everything the API answers the two people about their data, files included. */
async function answers(app: FastifyInstance, patient: TestUser, psy: TestUser) {
  const get = async (token: string, url: string) => {
    const res = await call(app, { method: 'GET', url, token });
    expect([url, res.status]).toEqual([url, 200]);
    return res.body;
  };
  const documents = await get(psy.token, '/api/psychologist/documents');
  const files = [];
  for (const d of documents.documents) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/psychologist/documents/${d.id}/file`,
      headers: { authorization: `Bearer ${psy.token}` },
    });
    files.push(res.rawPayload.toString('base64'));
  }
  return {
    patientMe: await get(patient.token, '/api/user/me'),
    psyMe: await get(psy.token, '/api/user/me'),
    patientSessions: await get(patient.token, '/api/patient/appointments'),
    psySessions: await get(psy.token, '/api/doctor/appointments'),
    notes: await get(psy.token, '/api/api/records'),
    sharedNotes: await get(patient.token, '/api/patient/records'),
    measures: await get(patient.token, '/api/patient/measures'),
    patientNotifications: await get(patient.token, '/api/notifications'),
    psyNotifications: await get(psy.token, '/api/notifications'),
    documents,
    files,
  };
}

/** A psychologist and a patient with a booked session, notes (one shared), a measure, a document and notifications. */
async function practice(app: FastifyInstance) {
  const psy = await createPsychologist(app, { firstName: 'Olena', lastName: 'Backup' });
  const patient = await createPatient(app, { firstName: 'Petro', lastName: 'Restore' });
  await treat(app, psy.id, patient.id);
  await addSlots(app, psy.id, 'FRIDAY', ['15:00', '16:00']);
  const friday = nextWeekday(dateFromToday(app, 1), 'FRIDAY');
  const booked = await call(app, {
    method: 'POST',
    url: '/api/patient/appointments',
    token: patient.token,
    payload: { psychologistId: psy.id, startsAt: platformInstant(friday, '15:00').toISOString() },
  });
  expect(booked.status).toBe(201);
  expect((await postRecord(app, psy.token, { content: '<p>Private: sleeps badly</p>', patientId: patient.id })).status).toBe(201);
  const shared = await postRecord(app, psy.token, {
    content: '<p>Shared: try the breathing</p>',
    patientId: patient.id,
    privacyLevel: 'DOCTOR_PATIENT_MANAGER',
  });
  expect(shared.status).toBe(201);
  const measure = await call(app, {
    method: 'POST',
    url: '/api/patient/measures',
    token: patient.token,
    payload: { instrument: 'GAD7', answers: [1, 1, 0, 2, 0, 1, 0] },
  });
  expect(measure.status).toBe(201);
  const doc = await call(app, {
    method: 'POST',
    url: '/api/psychologist/documents',
    token: psy.token,
    ...multipart([
      { name: 'kind', data: 'DIPLOMA' },
      { name: 'file', data: pdf('Diploma of Olena'), filename: 'diploma.pdf', contentType: 'application/pdf' },
    ]),
  });
  expect(doc.status).toBe(201);
  // The booking's notices are written by the queue: waited for, so the answers compared are settled.
  await expect
    .poll(
      async () => (await call(app, { method: 'GET', url: '/api/notifications', token: psy.token })).body.content?.length ?? 0,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(0);
  return { psy, patient };
}

describe('backup and restore', () => {
  it('backs up while notes are written, restores into a fresh place, and the API answers as before', async () => {
    const { app } = ctx;
    const { psy, patient } = await practice(app);
    const before = await answers(app, patient, psy);
    expect(before.notes.map((n: { content: string }) => n.content)).toContain('<p>Private: sleeps badly</p>');

    // Notes keep being written while the backup is taken.
    let writing = true;
    const written: string[] = [];
    const statuses = new Set<number>();
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await postRecord(app, psy.token, { content: `<p>During ${i}</p>`, patientId: patient.id });
        statuses.add(res.status);
        written.push(`<p>During ${i}</p>`);
      }
    })();
    while (written.length < 3) await new Promise((r) => setImmediate(r));
    const file = join(dir, 'rozmova.backup');
    const manifest = await createBackup(source(app), file);
    writing = false;
    await writer;
    expect([...statuses]).toEqual([201]);
    expect(manifest.database).toBe(app.database.kind);
    expect(manifest.keyVersions).toEqual([1]);
    expect(manifest.schema.migrations).toBeGreaterThan(0);
    expect(manifest.rowCounts['public.users']).toBeGreaterThanOrEqual(2);
    // The manifest names versions, never a key.
    const head = (await import('node:fs'))
      .readFileSync(file)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head).not.toContain(RECORDS_KEY);

    const target = pgUrl
      ? { dataDir: join(dir, 'unused'), databaseUrl: await emptyDatabase() }
      : { dataDir: join(dir, 'restored') };
    const keys = (parseKeyring(RECORDS_KEY) as NonNullable<ReturnType<typeof parseKeyring>>).keys;
    const restored = await restoreBackup(file, { ...target, keys });
    expect(restored.warning).toBeUndefined();

    const database = await openDatabase(target);
    const again = await buildApp(app.config, { database, logger: false, now: () => app.clock.instant() });
    try {
      await again.ready();
      const after = await answers(again, patient, psy);
      const during = (n: { content: string }) => n.content.startsWith('<p>During');
      // The notes written during the backup: those it caught are the first ones, each opening whole.
      const caught = after.notes.filter(during).map((n: { content: string }) => n.content);
      expect(caught.length).toBeLessThanOrEqual(written.length);
      expect([...caught].sort()).toEqual(written.slice(0, caught.length).sort());
      expect({ ...after, notes: after.notes.filter((n: { content: string }) => !during(n)) }).toEqual(before);
      expect(await missingRecordsKeys(again.database, parseKeyring(RECORDS_KEY) as never)).toBeUndefined();
      // At start, a keyring without the notes' version names it.
      const other = parseKeyring(`2:${Buffer.alloc(32, 9).toString('base64')}`) as never;
      expect(await missingRecordsKeys(again.database, other)).toMatch(/lacks the key version 1 /);
    } finally {
      await again.close();
      await database.close();
    }

    // Never over a database that holds one.
    await expect(restoreBackup(file, { ...target, keys })).rejects.toThrow(BackupError);
    await expect(restoreBackup(file, { ...target, keys })).rejects.toThrow(/empty/);
  }, 120_000);

  it('refuses a file that is not a backup, or of the other database, or of a newer schema', async () => {
    const keys = new Map([[1, Buffer.alloc(32)]]);
    const junk = join(dir, 'junk');
    writeFileSync(junk, 'not a backup\n');
    await expect(restoreBackup(junk, { dataDir: join(dir, 'j'), keys })).rejects.toThrow(/not a Rozmova backup/);
    const headerOnly = (m: Partial<Manifest>) => {
      const f = join(dir, `h-${randomUUID()}`);
      const manifest = {
        format: 1,
        database: 'pglite',
        schema: { migrations: 1, latest: null },
        rowCounts: {},
        keyVersions: [],
        ...m,
      };
      writeFileSync(f, `ROZMOVA-BACKUP 1\n${JSON.stringify(manifest)}\n`);
      return f;
    };
    await expect(
      restoreBackup(headerOnly({ schema: { migrations: 9999, latest: '9999_future' } }), { dataDir: join(dir, 'n'), keys }),
    ).rejects.toThrow(/9999 migrations/);
    await expect(restoreBackup(headerOnly({ database: 'postgres' }), { dataDir: join(dir, 'n'), keys })).rejects.toThrow(
      /set DATABASE_URL/,
    );
    await expect(
      restoreBackup(headerOnly({ database: 'pglite' }), {
        dataDir: join(dir, 'n'),
        databaseUrl: 'postgres://x@127.0.0.1:1/x',
        keys,
      }),
    ).rejects.toThrow(/unset DATABASE_URL/);
  });
});
