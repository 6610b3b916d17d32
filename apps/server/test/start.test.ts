import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from './run-script.js';

const tmp = mkdtempSync(join(tmpdir(), 'rozmova-start-'));
let occupier: Server;
let port: number;

beforeAll(async () => {
  occupier = createServer();
  await new Promise<void>((resolve) => occupier.listen({ port: 0, host: '127.0.0.1' }, resolve));
  port = (occupier.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => occupier.close(resolve));
  rmSync(tmp, { recursive: true, force: true });
});

const startServer = (env: Record<string, string>) => runScript('src/main.ts', [], env);

describe('starting the server', () => {
  it('reports a port in use in one line and exits 1 before opening the database', async () => {
    const dataDir = join(tmp, 'data');
    const res = await startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true' });
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`Port ${port} on 127.0.0.1 is already in use. Stop the other server or set PORT to a free port.\n`);
    expect(res.stdout).toBe('');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });
});
