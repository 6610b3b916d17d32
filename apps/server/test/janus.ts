import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';

/** The repository's Janus configuration folder, and the development secret written in it. */
export const JANUS_CONFIG = new URL('../../../janus/', import.meta.url).pathname;
export const JANUS_DEV_SECRET = 'rozmova-janus-dev-secret';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

/** Whether a WebSocket opens at the address with the Janus protocol. */
const answers = (url: string) =>
  new Promise<boolean>((resolve) => {
    const ws = new WebSocket(url, 'janus-protocol');
    ws.once('open', () => {
      ws.close();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
  });

/** `pid`: the Janus process (a bench reads its CPU time). */
export type TestJanus = { url: string; pid?: number; stop: () => Promise<void> };

/**
 * A Janus of the test's own, on the repository's configuration with a port no one uses (or `port`, to start one again
 * where a stopped one was), so tests never share one; stopping waits for the process to end (its ports free again).
 */
export async function startJanus(port?: number): Promise<TestJanus> {
  const dir = mkdtempSync(join(tmpdir(), 'rozmova-janus-'));
  cpSync(JANUS_CONFIG, dir, { recursive: true });
  port ??= await freePort();
  const transport = join(dir, 'janus.transport.websockets.jcfg');
  writeFileSync(transport, readFileSync(transport, 'utf8').replace(/ws_port = \d+/, `ws_port = ${port}`));
  const log = join(dir, 'janus.log');
  const janus: ChildProcess = spawn('janus', ['-F', dir, '-N', '-L', log], { stdio: 'ignore' });
  const spawnError = new Promise<Error>((resolve) => janus.once('error', resolve));
  const url = `ws://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await answers(url))) {
    const failed = await Promise.race([spawnError, new Promise((r) => setTimeout(r, 100))]);
    if (failed instanceof Error) throw new Error(`Janus did not start (apt-get install -y janus): ${failed.message}`);
    if (janus.exitCode !== null || Date.now() > deadline) {
      throw new Error(`Janus did not start: ${readFileSync(log, 'utf8').slice(-2000)}`);
    }
  }
  return {
    url,
    pid: janus.pid,
    stop: async () => {
      if (janus.exitCode === null) {
        const exited = new Promise((r) => janus.once('exit', r));
        janus.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Reply = { janus: string; data?: { id: number }; error?: { code: number }; plugindata?: { data: Record<string, unknown> } };

/** A client of the Janus API as a browser is one: it sends `token` (and no API secret) with every request. */
export async function janusClient(url: string, token?: string) {
  const ws = new WebSocket(url, 'janus-protocol');
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waiting = new Map<string, (r: Reply) => void>();
  const events: Reply[] = [];
  ws.on('message', (raw) => {
    const reply = JSON.parse(raw.toString()) as Reply & { transaction?: string };
    const w = reply.transaction ? waiting.get(reply.transaction) : undefined;
    if (reply.janus === 'ack') return;
    if (w) {
      waiting.delete(reply.transaction as string);
      w(reply);
    } else events.push(reply);
  });
  const send = (message: Record<string, unknown>) =>
    new Promise<Reply>((resolve) => {
      const transaction = randomBytes(6).toString('hex');
      waiting.set(transaction, resolve);
      ws.send(JSON.stringify({ ...message, transaction, ...(token === undefined ? {} : { token }) }));
    });
  let session = 0;
  let handle = 0;
  return {
    events,
    /** A Janus session and a VideoRoom handle; the refusal's Janus error code, or 0. */
    async attach(): Promise<number> {
      const created = await send({ janus: 'create' });
      if (created.error) return created.error.code;
      session = created.data?.id ?? 0;
      const attached = await send({ janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' });
      handle = attached.data?.id ?? 0;
      return attached.error?.code ?? 0;
    },
    /** A VideoRoom request on the handle: its answer's data (error_code on a refusal). */
    async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
      const reply = await send({ janus: 'message', session_id: session, handle_id: handle, body });
      return reply.plugindata?.data ?? { error_code: reply.error?.code };
    },
    close: () => ws.close(),
  };
}
