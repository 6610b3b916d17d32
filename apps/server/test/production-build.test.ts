import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANITIZER_DATA } from '../src/lib/sanitize-html.js';
import { serverDir } from '../src/lib/server-dir.js';
import { freePort } from './ports.js';

/** build.mjs, which `npm start` and `npm run cli` run before the server's built entries. */
type ServerBuild = {
  buildServer: () => Promise<{ outputs: Record<string, { imports: { path: string; external?: boolean }[] }> }>;
  distDir: string;
  SERVER_ENTRY: string;
  CLI_ENTRY: string;
};

const root = join(serverDir, '../..');
const guard = join(serverDir, 'test/no-typescript-loader.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'rozmova-built-'));
let build: ServerBuild;
let outputs: Awaited<ReturnType<ServerBuild['buildServer']>>['outputs'];
let server: ChildProcess | undefined;

beforeAll(async () => {
  build = (await import(pathToFileURL(join(serverDir, 'build.mjs')).href)) as ServerBuild;
  ({ outputs } = await build.buildServer());
});
afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs a built entry with plain Node, no TypeScript loader: the guard refuses any .ts module and tsx itself. */
function runBuilt(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', guard, entry, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: join(tmp, 'data'), JWT_SECRET: 'built-server-secret-0123456789abcdef', ...env },
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, exited, output: () => output };
}

describe('production start', () => {
  it('runs the built server and CLI with plain Node, from npm start and npm run cli alike', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    const start = readFileSync(join(root, 'scripts/start.mjs'), 'utf8');
    for (const text of [scripts.start, scripts.cli, start]) expect(text).not.toMatch(/\btsx\b|src\/(main|cli)\.ts/);
    expect(start).toContain('SERVER_ENTRY');
    expect(scripts.cli).toContain('apps/server/dist/cli.mjs');
    expect(build.CLI_ENTRY).toBe(join(serverDir, 'dist/cli.mjs'));
  });

  it('bundles the contract in and leaves only packages the server or the contract depends on as imports', () => {
    const external = Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    expect(external).toContain('fastify');
    expect(external).not.toContain('@rozmova/contract');
    expect(external.filter((path) => /^tsx|\.[cm]?tsx?$/.test(path))).toEqual([]);
  });

  it('finds every file the built code points at beside itself', async () => {
    const referenced = readdirSync(build.distDir).flatMap((file) => [
      ...readFileSync(join(build.distDir, file), 'utf8').matchAll(/new URL\(\s*["'`]([^"'`]+)["'`],\s*import\.meta\.url\)/g),
    ]);
    expect(referenced.map((m) => m[1])).toEqual(
      expect.arrayContaining(['./sanitize-worker.mjs', './pdf-worker.mjs', './pdf-rewrite-worker.mjs']),
    );
    for (const [, path] of referenced) expect(existsSync(join(build.distDir, path)), path).toBe(true);
    // Run as the server runs it: on a worker thread, handed the contract's allow-list and the limits.
    const pool = new Piscina({
      filename: pathToFileURL(join(build.distDir, 'sanitize-worker.mjs')).href,
      workerData: SANITIZER_DATA,
    });
    try {
      expect(await pool.run('<p>kept<script>alert(1)</script></p>')).toEqual({ html: '<p>kept</p>', text: 'kept' });
      expect(await pool.run('<br>'.repeat(SANITIZER_DATA.limits.elements + 1))).toMatchObject({ shape: { depth: 1 } });
    } finally {
      await pool.destroy();
    }
    const pdfs = new Piscina({ filename: pathToFileURL(join(build.distDir, 'pdf-worker.mjs')).href });
    try {
      const pdf = await pdfs.run({ html: '<p>kept</p>', author: 'Built', footer: 'Built', deadline: Date.now() + 60_000 });
      expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await pdfs.destroy();
    }
  });

  it('migrates and creates a user through the built CLI, then serves and signs that user in', { timeout: 120_000 }, async () => {
    const cli = runBuilt(
      build.CLI_ENTRY,
      ['user:create', '--email', 'built@example.test', '--role', 'ADMIN', '--password', 'built-password-123'],
      {},
    );
    expect(await cli.exited, cli.output()).toBe(0);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
    const run = runBuilt(build.SERVER_ENTRY, [], { ...env, WEB_DIST: join(tmp, 'no-web') });
    server = run.child;
    for (
      let waited = 0;
      !(await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ));
      waited += 200
    ) {
      if (server.exitCode !== null || waited > 90_000) throw new Error(`the built server did not become ready:\n${run.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok' });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'built@example.test', password: 'built-password-123' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    expect((await login.json()).token).toEqual(expect.any(String));

    server.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).not.toContain('TypeScript at run time');
  });
});
