import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = new URL('..', import.meta.url).pathname;
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

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

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
