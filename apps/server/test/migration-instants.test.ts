import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, pgliteExtensions } from '../src/db/client.js';

/**
 * Migration 0009 turns the appointments stored as the platform zone's wall clock (date, start and end minutes) into
 * instants. A database migrated up to 0008 gets rows on both sides of a change and across one, then the rest.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the migrations that stops before the one named. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rozmova-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e: { tag: string }) => e.tag === tag),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migrating appointments to instants', () => {
  it.each([
    ['Europe/Kyiv', ['2026-01-15T08:00:00.000Z', '2026-07-15T07:00:00.000Z', '2026-03-28T23:00:00.000Z']],
    ['America/New_York', ['2026-01-15T15:00:00.000Z', '2026-07-15T14:00:00.000Z', '2026-03-08T06:00:00.000Z']],
  ])('reads each stored wall-clock time in the platform zone %s and keeps its length in real minutes', async (zone, starts) => {
    const client = new PGlite({ extensions: pgliteExtensions });
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore('0009_appointment_instants') });
    await client.exec(`
      INSERT INTO users (id, email, role) VALUES (1, 'd@example.test', 'PSYCHOLOGIST'), (2, 'p@example.test', 'PATIENT');
      INSERT INTO appointments (psychologist_id, patient_id, date, start_minute, end_minute, video_call_room_id) VALUES
        (1, 2, '2026-01-15', 600, 660, 'winter'),
        (1, 2, '2026-07-15', 600, 690, 'summer'),
        -- 01:00 to 03:00 on the wall clock, the night the clocks go forward: two real hours from 01:00.
        (1, 2, ${zone === 'Europe/Kyiv' ? "'2026-03-29'" : "'2026-03-08'"}, 60, 180, 'change');`);
    await openDatabase({ pglite: client, timeZone: zone });
    const { rows } = await client.query<{ room: string; starts_at: Date; ends_at: Date }>(
      'SELECT video_call_room_id AS room, starts_at, ends_at FROM appointments ORDER BY id',
    );
    expect(rows.map((r) => r.starts_at.toISOString())).toEqual(starts);
    expect(rows.map((r) => (r.ends_at.getTime() - r.starts_at.getTime()) / 60_000)).toEqual([60, 90, 120]);
    await client.close();
  });
});
