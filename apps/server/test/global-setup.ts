import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client.js';
import { openJobs } from '../src/db/queue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database (the job queue's tables too) and dumps it, so each test file starts from a copy in about a second. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'rozmova-template-'));
  const file = join(dir, 'template.tar');
  if (!process.env.DATABASE_URL) {
    const client = new PGlite({ extensions: pgliteExtensions });
    await openDatabase({ pglite: client });
    // The job queue's tables too, so each test app finds them made.
    await (await openJobs({ pglite: client })).stop();
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
